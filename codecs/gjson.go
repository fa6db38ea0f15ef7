package codecs

import (
	"fmt"
	"strings"

	"github.com/tidwall/gjson"
)

// gjsonGet is github.com/tidwall/gjson: lazy reads of single values by path,
// with no validation of the parts it skips. It supports only get5.
var gjsonGet = &Codec{
	Name:     "gjson",
	Module:   "github.com/tidwall/gjson",
	Category: Fast,
	Skips:    []string{"validation of the document", "decoding of anything off the paths"},
	Ops:      []Op{Get5},
	Get: func(paths [][]string) func([]byte) ([][]byte, error) {
		escape := strings.NewReplacer(".", `\.`, "*", `\*`, "?", `\?`, "|", `\|`, "#", `\#`, "@", `\@`)
		compiled := make([]string, len(paths))
		for i, p := range paths {
			segs := make([]string, len(p))
			for j, s := range p {
				segs[j] = escape.Replace(s)
			}
			compiled[i] = strings.Join(segs, ".")
		}
		return func(data []byte) ([][]byte, error) {
			out := make([][]byte, len(compiled))
			for i, r := range gjson.GetManyBytes(data, compiled...) {
				if !r.Exists() {
					return nil, fmt.Errorf("path %q not found", compiled[i])
				}
				out[i] = []byte(r.Raw)
			}
			return out, nil
		}
	},
}
