package jsoncost

import "github.com/jsoncost/jsoncost/codecs/codectest"

// binaryCodecs are the configurations of the benchmark binary, which is
// this package's test binary: the registry's, and the one a test that
// starts it names in codectest.Env.
var binaryCodecs = codectest.FromEnv()
