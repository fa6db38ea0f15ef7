// Package codectest makes the configurations only tests use, and the list
// of configurations a test binary runs: the registry's, then the one a test
// that starts the binary names in Env. So a test can walk the whole path,
// runner to report, with a codec the registry does not list, while the
// registry itself never changes.
package codectest

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	gojson "github.com/goccy/go-json"

	"github.com/jsoncost/jsoncost/codecs"
)

// Env names the configuration FromEnv adds, "name" or "name:variant" (see
// Variants).
const Env = "JSONCOST_TEST_CODEC"

// Variants are the configurations New makes, by the variant after the colon
// in Env: encoding/json (std) without one; "broken", one whose decoder drops
// a map entry, which the gate must refuse; "get5", a copy of the fastjson
// configuration, get5 only, as a user adds it; "unsorted", goccy writing map
// keys unsorted, declared fast.
var Variants = []string{"", "broken", "get5", "unsorted"}

// FromEnv returns the registry's configurations followed by the one Env
// names; unset, the registry's alone. A bad Env panics: the binary of a test
// must not run without the configuration the test asked for.
func FromEnv() codecs.List {
	all := codecs.All()
	spec := os.Getenv(Env)
	if spec == "" {
		return all
	}
	name, variant, _ := strings.Cut(spec, ":")
	c, err := New(name, variant)
	if err == nil {
		all, err = all.With(c)
	}
	if err != nil {
		panic(fmt.Sprintf("codectest: %s=%q: %v", Env, spec, err))
	}
	return all
}

// New returns the variant called name.
func New(name, variant string) (*codecs.Codec, error) {
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
		fastjson, err := codecs.All().Lookup("fastjson")
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
	return c, nil
}
