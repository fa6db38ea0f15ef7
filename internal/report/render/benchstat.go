package render

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"sync"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// Benchfmt writes results as benchfmt text, leaving out results without
// values.
func Benchfmt(results []*benchfmt.Result) ([]byte, error) {
	var buf bytes.Buffer
	w := benchfmt.NewWriter(&buf)
	for _, r := range results {
		if len(r.Values) == 0 {
			continue
		}
		if err := w.Write(r); err != nil {
			return nil, fmt.Errorf("writing benchfmt: %w", err)
		}
	}
	return buf.Bytes(), nil
}

// benchstatPath locates the module's benchstat tool once, for every table.
var benchstatPath = sync.OnceValues(func() (string, error) {
	var stderr bytes.Buffer
	cmd := exec.Command("go", "tool", "-n", "benchstat")
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("locating benchstat (go tool -n benchstat, run from the module root): %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
})

// Benchstat runs benchstat with args, feeding it stdin.
func Benchstat(stdin []byte, args ...string) ([]byte, error) {
	path, err := benchstatPath()
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd := exec.Command(path, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("benchstat %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// A table is one operation's benchstat output.
type table struct {
	Op   string
	text []byte
}

// tables runs benchstat per operation: rows fixture, columns codec, the
// operation's base (model.BaseOf) first, so every cell shows its ratio to it.
func tables(r *load.Run) ([]table, error) {
	var out []table
	for _, op := range r.Ops {
		cols := r.Columns(op)
		if len(cols) == 0 {
			continue
		}
		if i := slices.Index(cols, model.BaseOf(r, op)); i > 0 {
			base := cols[i]
			cols = slices.Insert(slices.Delete(cols, i, i+1), 0, base)
		}
		rows := slices.DeleteFunc(slices.Clone(r.Fixtures), func(f string) bool {
			return !slices.ContainsFunc(cols, func(c string) bool { return len(r.Ns(op, f, c)) > 0 })
		})
		in, err := Benchfmt(r.TableResults(op))
		if err != nil {
			return nil, fmt.Errorf("table %s: %w", op, err)
		}
		text, err := Benchstat(in,
			"-col", "/"+rawfmt.KeyCodec+"@("+strings.Join(cols, " ")+")",
			"-row", "/"+rawfmt.KeyFixture+"@("+strings.Join(rows, " ")+")",
			"-")
		if err != nil {
			return nil, fmt.Errorf("table %s: %w", op, err)
		}
		out = append(out, table{Op: op, text: text})
	}
	return out, nil
}
