package codecs

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

// TestCodecEnv names a configuration that a test adds to every process it
// starts — the runner and the benchmark binary the runner builds — so the
// test can walk the whole path, runner to report, with a codec the
// registry does not list. "name" registers encoding/json under that name
// (category std); "name:broken" registers one whose decoder drops a map
// entry, which the gate must refuse. Unset, it changes nothing.
const TestCodecEnv = "JSONCOST_TEST_CODEC"

func init() {
	spec := os.Getenv(TestCodecEnv)
	if spec == "" {
		return
	}
	name, variant, _ := strings.Cut(spec, ":")
	c := &Codec{Name: name, Category: Std, Ops: FullOps, Marshal: json.Marshal, Unmarshal: json.Unmarshal}
	switch variant {
	case "":
	case "broken":
		c.Unmarshal = dropOneMapEntry
	default:
		panic(fmt.Sprintf("codecs: %s=%q: the variant after the colon must be \"broken\" or nothing", TestCodecEnv, spec))
	}
	if _, err := Register(c); err != nil {
		panic(fmt.Sprintf("codecs: %s=%q: %v", TestCodecEnv, spec, err))
	}
}

// dropOneMapEntry decodes like encoding/json, then loses one entry of a
// decoded map.
func dropOneMapEntry(data []byte, v any) error {
	if err := json.Unmarshal(data, v); err != nil {
		return err
	}
	if m, ok := v.(*map[string]any); ok {
		for k := range *m {
			delete(*m, k)
			break
		}
	}
	return nil
}
