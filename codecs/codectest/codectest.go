// Package codectest registers configurations that only tests use, in the
// test's process and in the benchmark binaries it starts: a test sets Env,
// and their test files call FromEnv, so a test can walk the whole path,
// runner to report, with a codec the registry does not list.
package codectest

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/jsoncost/jsoncost/codecs"
)

// Env names the configuration FromEnv registers: "name" registers
// encoding/json under that name (category std); "name:broken" registers one
// whose decoder drops a map entry, which the gate must refuse.
const Env = "JSONCOST_TEST_CODEC"

// FromEnv registers the configuration Env names; unset, it does nothing.
func FromEnv() error {
	spec := os.Getenv(Env)
	if spec == "" {
		return nil
	}
	name, variant, _ := strings.Cut(spec, ":")
	if variant != "" && variant != "broken" {
		return fmt.Errorf("codectest: %s=%q: the variant after the colon must be \"broken\" or nothing", Env, spec)
	}
	if _, err := Register(name, variant == "broken"); err != nil {
		return fmt.Errorf("codectest: %s=%q: %w", Env, spec, err)
	}
	return nil
}

// Register registers encoding/json under name, with a decoder that drops
// a map entry when broken, and returns the function that removes it again.
func Register(name string, broken bool) (unregister func(), err error) {
	c := &codecs.Codec{Name: name, Category: codecs.Std, Ops: codecs.FullOps, Marshal: json.Marshal, Unmarshal: json.Unmarshal}
	if broken {
		c.Unmarshal = func(data []byte, v any) error {
			err := json.Unmarshal(data, v)
			if m, ok := v.(*map[string]any); ok {
				for k := range *m {
					delete(*m, k) // loses one entry of a decoded map
					break
				}
			}
			return err
		}
	}
	return codecs.Register(c)
}
