package load

import (
	"bytes"
	"fmt"
	"os"
	"slices"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// tableKeys are the configuration keys benchstat's tables keep.
var tableKeys = []string{rawfmt.KeyGOOS, rawfmt.KeyGOARCH, rawfmt.KeyPkg, rawfmt.KeyCPU}

// A table is an operation's results as benchstat reads them: benchfmt text,
// in file order, each line with only its finite values in TableUnits. Of
// its configuration it keeps what go test writes: the run's machine, which
// benchstat prints above its tables. The rest is the run's too, and a
// paired run's per-process lines would split the tables.
type table struct {
	text bytes.Buffer
	w    *benchfmt.Writer
	row  benchfmt.Result // reused for every line
}

// readTables reads the tables of the run of the raw file, and of each of
// its builds, from the file: a second pass, made only for a page that shows
// them (an older full run's page does not), so that loading does not write
// a copy of every result.
func (r *Run) readTables() error {
	f, err := os.Open(r.Raw.Path)
	if err != nil {
		return fmt.Errorf("reading raw file: %w", err)
	}
	defer f.Close()
	names := names{}
	br := benchfmt.NewReader(f, r.Raw.File)
	for br.Scan() {
		res, ok := br.Result().(*benchfmt.Result)
		if !ok {
			continue
		}
		if n := names.of(res.Name); n.heap == "" && n.isCell && !isNoop(n.cell) {
			r.part(res).writeTable(n.cell.Op, res)
		}
	}
	if err := br.Err(); err != nil {
		return fmt.Errorf("parsing %s: %w", r.Raw.File, err)
	}
	return nil
}

// writeTable appends res to op's table, unless it has no value the table keeps.
func (r *Run) writeTable(op string, res *benchfmt.Result) {
	if r.tables == nil {
		r.tables = map[string]*table{}
	}
	t := r.tables[op]
	if t == nil {
		t = &table{}
		t.w = benchfmt.NewWriter(&t.text)
		r.tables[op] = t
	}
	row := &t.row
	row.Name, row.Iters, row.Config, row.Values = res.Name, res.Iters, row.Config[:0], row.Values[:0]
	for _, c := range res.Config {
		if slices.Contains(tableKeys, c.Key) {
			row.Config = append(row.Config, c)
		}
	}
	for _, v := range res.Values {
		if val, unit := OrigValue(v); slices.Contains(TableUnits, unit) && finite(val) {
			row.Values = append(row.Values, v)
		}
	}
	if len(row.Values) > 0 {
		t.w.Write(row) // into a bytes.Buffer: it cannot fail
	}
}
