package load

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// A Pool is every cell result of one or more raw files, for comparing runs.
type Pool struct {
	Files   []string
	Results []*benchfmt.Result // with TableUnits only, in report order
	Bad     []string           // unparsable lines
}

// ReadPool pools the raw file arg, or the raw files of directory arg.
func ReadPool(arg string) (*Pool, error) {
	files, err := poolFiles(arg)
	if err != nil {
		return nil, err
	}
	var configs []rawfmt.CodecConfig
	pool := &Pool{Files: files}
	in := benchfmt.Files{Paths: files}
	for in.Scan() {
		switch rec := in.Result().(type) {
		case *benchfmt.SyntaxError:
			pool.Bad = append(pool.Bad, rec.Error())
		case *benchfmt.Result:
			if _, ok := rawfmt.ParseCell(rec.Name); ok {
				if len(pool.Results) == 0 {
					configs, _ = rawfmt.ParseCodecs(rec.Config)
				}
				pool.Results = append(pool.Results, tableResult(rec))
			}
		}
	}
	if err := in.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", arg, err)
	}
	if len(pool.Results) == 0 {
		return nil, fmt.Errorf("no benchmark results in %s", strings.Join(files, ", "))
	}
	codecs := codecOrder(configs)
	slices.SortStableFunc(pool.Results, func(x, y *benchfmt.Result) int {
		a, _ := rawfmt.ParseCell(x.Name)
		b, _ := rawfmt.ParseCell(y.Name)
		return cmp.Or(naturalOrder(a.Op, b.Op), fixtureOrder(a.Fixture, b.Fixture), codecs(a.Codec, b.Codec))
	})
	return pool, nil
}

func poolFiles(arg string) ([]string, error) {
	fi, err := os.Stat(arg)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return []string{arg}, nil
	}
	entries, err := os.ReadDir(arg)
	if err != nil {
		return nil, err
	}
	var files []string
	for _, e := range entries {
		if _, err := rawfmt.ParseRawName(e.Name()); err == nil && !e.IsDir() {
			files = append(files, filepath.Join(arg, e.Name()))
		}
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no raw files in %s", arg)
	}
	slices.Sort(files)
	return files, nil
}
