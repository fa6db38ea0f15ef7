package jsoncost

import "github.com/jsoncost/jsoncost/codecs/codectest"

// The benchmark binary is this package's test binary: a test that starts
// it registers a configuration of its own through codectest.Env.
func init() {
	if err := codectest.FromEnv(); err != nil {
		panic(err)
	}
}
