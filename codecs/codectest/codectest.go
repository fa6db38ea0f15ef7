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

	gojson "github.com/goccy/go-json"

	"github.com/jsoncost/jsoncost/codecs"
)

// Env names the configuration FromEnv registers, "name" or "name:variant"
// (see Variants).
const Env = "JSONCOST_TEST_CODEC"

// Variants are the configurations Register can add, by the variant after
// the colon in Env: encoding/json (std) without one; "broken", one whose
// decoder drops a map entry, which the gate must refuse; "get5", a copy of
// the fastjson configuration, get5 only, as a user adds it; "unsorted",
// goccy writing map keys unsorted, declared fast.
var Variants = []string{"", "broken", "get5", "unsorted"}

// FromEnv registers the configuration Env names; unset, it does nothing.
func FromEnv() error {
	spec := os.Getenv(Env)
	if spec == "" {
		return nil
	}
	name, variant, _ := strings.Cut(spec, ":")
	if _, err := Register(name, variant); err != nil {
		return fmt.Errorf("codectest: %s=%q: %w", Env, spec, err)
	}
	return nil
}

// Register registers the variant under name and returns the function that
// removes it again.
func Register(name, variant string) (unregister func(), err error) {
	c := &codecs.Codec{Name: name, Category: codecs.Std, Ops: codecs.FullOps, Marshal: json.Marshal, Unmarshal: json.Unmarshal}
	switch variant {
	case "":
	case "broken":
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
	case "get5":
		fastjson, err := codecs.Lookup("fastjson")
		if err != nil {
			return nil, err
		}
		copied := *fastjson
		c = &copied
		c.Name = name
	case "unsorted":
		c.Module, c.Category, c.Skips = "github.com/goccy/go-json", codecs.Fast, []string{"map key sorting"}
		c.Marshal = func(v any) ([]byte, error) { return gojson.MarshalWithOption(v, gojson.UnorderedMap()) }
		c.Unmarshal = gojson.Unmarshal
	default:
		return nil, fmt.Errorf("unknown variant %q; valid: %q", variant, Variants)
	}
	return codecs.Register(c)
}
