package codecs

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"
)

// gjsonGet is github.com/tidwall/gjson: lazy, unvalidated reads by path,
// get5 only. As gjson's users do, an array is walked once with ForEach and
// each element searched for its own paths.
var gjsonGet = getOnly("gjson", "github.com/tidwall/gjson", gjsonGetter,
	"validation of the document, off the paths and after the last path", "decoding of anything off the paths")

// gjsonArray maps element i of one array to the paths below it.
type gjsonArray struct {
	path  string
	elems map[int][]gjsonRest
}

type gjsonRest struct {
	path string
	out  int
}

func gjsonGetter(paths [][]string) func([]byte) ([][]byte, error) {
	escape := strings.NewReplacer(".", `\.`, "*", `\*`, "?", `\?`, "|", `\|`, "#", `\#`, "@", `\@`)
	join := func(segs []string) string {
		esc := make([]string, len(segs))
		for i, s := range segs {
			esc[i] = escape.Replace(s)
		}
		return strings.Join(esc, ".")
	}
	var direct []string // paths that step into no array
	var directOut []int
	var arrays []*gjsonArray
	for i, p := range paths {
		at := 1 + slices.IndexFunc(p[min(1, len(p)):], func(seg string) bool { _, err := strconv.Atoi(seg); return err == nil })
		if at == 0 {
			direct, directOut = append(direct, join(p)), append(directOut, i)
			continue
		}
		j := slices.IndexFunc(arrays, func(a *gjsonArray) bool { return a.path == join(p[:at]) })
		if j < 0 {
			j, arrays = len(arrays), append(arrays, &gjsonArray{path: join(p[:at]), elems: map[int][]gjsonRest{}})
		}
		n, _ := strconv.Atoi(p[at])
		arrays[j].elems[n] = append(arrays[j].elems[n], gjsonRest{join(p[at+1:]), i})
	}
	return func(data []byte) ([][]byte, error) {
		out := make([][]byte, len(paths))
		for i, r := range gjson.GetManyBytes(data, direct...) {
			if r.Exists() {
				out[directOut[i]] = []byte(r.Raw)
			}
		}
		for _, a := range arrays {
			i := 0
			gjson.GetBytes(data, a.path).ForEach(func(_, elem gjson.Result) bool {
				for _, rest := range a.elems[i] {
					v := elem
					if rest.path != "" {
						v = elem.Get(rest.path)
					}
					if v.Exists() {
						out[rest.out] = []byte(v.Raw)
					}
				}
				i++
				return true
			})
		}
		return out, missing(paths, out)
	}
}
