package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// The only codec, operation and fixture names the report knows: everything else comes from the data.
const (
	baseCodec   = "encoding-json" // the base column of every comparison
	floorCodec  = "memcpy"        // copying the document bytes: the physical floor
	harnessName = "noop"          // the harness's own overhead cell (op=noop, codec=noop)
)

// Units as the benchmarks report them.
const (
	unitNs     = "ns/op"
	unitB      = "B/op"
	unitAllocs = "allocs/op"
	unitMBs    = "MB/s"
	unitFields = "fields/op"
	unitDocB   = "doc-B/op"
)

// maxQuotedErrors bounds how many parse errors a report quotes.
const maxQuotedErrors = 3

// cellKey names one benchmark cell.
type cellKey struct{ op, fixture, codec string }

func (k cellKey) String() string { return k.op + "/" + k.fixture + "/" + k.codec }

// cell holds every sample of one cell, per unit, in file order.
type cell map[string][]float64

// configLine is one benchfmt file configuration line.
type configLine struct{ key, value string }

// fixtureInfo holds a fixture's constant size, from its fields/op and doc-B/op metrics.
type fixtureInfo struct {
	fields, docBytes float64
	hasFields        bool
	hasDocBytes      bool
}

// runData is one raw file grouped into cells.
type runData struct {
	raw    rawFile
	config []configLine
	byOp   map[string][]*benchfmt.Result // every result in file order, per op, with tableUnits only

	// The names the run holds, in report order (see order); the harness cell is in none of them.
	ops, fixtures, codecs []string

	cells   map[cellKey]cell
	sizes   map[string]fixtureInfo // per fixture
	harness cellKey                // the first noop cell; zero when there is none

	syntaxErrors []string // every unparsable line
	changed      []string // configuration keys whose value changes within the file
	unnamed      int      // results without op, fixture and codec keys
	nonFinite    int      // values dropped because they were NaN or infinite
}

// loadRun parses a raw file. It fails only when the file cannot be read or holds no codec result;
// everything else wrong with it is recorded for the report to state.
func loadRun(raw rawFile) (*runData, error) {
	data, err := os.ReadFile(raw.path)
	if err != nil {
		return nil, fmt.Errorf("reading raw file: %w", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("empty file")
	}
	rd := &runData{raw: raw, byOp: map[string][]*benchfmt.Result{}, cells: map[cellKey]cell{}, sizes: map[string]fixtureInfo{}}
	r := benchfmt.NewReader(bytes.NewReader(data), raw.name)
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			rd.syntaxErrors = append(rd.syntaxErrors, rec.Error())
		case *benchfmt.Result:
			rd.add(rec)
		}
	}
	if err := r.Err(); err != nil {
		return nil, fmt.Errorf("parsing %s: %w", raw.name, err)
	}
	if len(rd.codecs) == 0 {
		msg := "no benchmark results"
		if n := len(rd.syntaxErrors); n > 0 {
			msg += fmt.Sprintf(" (%d unparsable lines, first: %s)", n, rd.syntaxErrors[0])
		}
		return nil, errors.New(msg)
	}
	rd.order()
	rd.measureFixtures()
	return rd, nil
}

// add files one result under its cell.
func (rd *runData) add(res *benchfmt.Result) {
	k, ok := parseCellName(res.Name)
	if !ok {
		rd.unnamed++
		return
	}
	rd.noteConfig(res)
	c := rd.cells[k]
	if c == nil {
		c = cell{}
		rd.cells[k] = c
		if k.op == harnessName || k.codec == harnessName {
			if rd.harness == (cellKey{}) {
				rd.harness = k
			}
		} else {
			rd.ops = appendNew(rd.ops, k.op)
			rd.fixtures = appendNew(rd.fixtures, k.fixture)
			rd.codecs = appendNew(rd.codecs, k.codec)
		}
	}
	for _, v := range res.Values {
		val, unit := origValue(v)
		if !finite(val) {
			rd.nonFinite++
			continue
		}
		c[unit] = append(c[unit], val)
	}
	rd.byOp[k.op] = append(rd.byOp[k.op], tableResult(res))
}

// origValue is a value in the unit the benchmark reported it in (ns/op), not benchfmt's
// normalised one (sec/op).
func origValue(v benchfmt.Value) (float64, string) {
	if v.OrigUnit != "" {
		return v.OrigValue, v.OrigUnit
	}
	return v.Value, v.Unit
}

// noteConfig records the file configuration of the first result and any key that changes later.
func (rd *runData) noteConfig(res *benchfmt.Result) {
	lines := fileConfig(res)
	if len(rd.cells) == 0 {
		rd.config = lines
		return
	}
	for _, l := range lines {
		if v, ok := rd.configValue(l.key); !ok || v != l.value {
			rd.changed = appendNew(rd.changed, l.key)
		}
	}
}

// category is a codec's category from its codec-* configuration line ("module@version category
// engine"), or "".
func (rd *runData) category(codec string) string {
	v, _ := rd.configValue("codec-" + codec)
	if cat := codecColumns(v)[1]; cat != none {
		return cat
	}
	return ""
}

// fileConfig returns the file configuration lines of a result.
func fileConfig(res *benchfmt.Result) []configLine {
	var lines []configLine
	for _, c := range res.Config {
		if c.File {
			lines = append(lines, configLine{c.Key, string(c.Value)})
		}
	}
	return lines
}

// configValue returns the value of a configuration key of the run.
func (rd *runData) configValue(key string) (string, bool) {
	for _, l := range rd.config {
		if l.key == key {
			return l.value, true
		}
	}
	return "", false
}

// order puts the names in report order. The runner shuffles cells within every round, so the order
// of first appearance among results means nothing. Codecs follow the run's own codec-* lines,
// which precede the results (the registry's order), the base codec first of all, then codecs
// without such a line by name. Fixtures go by family, then by name with numbers compared as
// numbers; operations by name.
func (rd *runData) order() {
	slices.SortFunc(rd.codecs, codecCompare(rd.config))
	slices.SortFunc(rd.fixtures, fixtureCompare)
	slices.SortFunc(rd.ops, naturalCompare)
}

// codecCompare orders codecs: the base, then as the configuration's codec-* lines list them, then
// the rest by name.
func codecCompare(config []configLine) func(a, b string) int {
	declared := func(codec string) int {
		if codec == baseCodec {
			return -1
		}
		i := slices.IndexFunc(config, func(c configLine) bool { return c.key == "codec-"+codec })
		if i < 0 {
			return len(config)
		}
		return i
	}
	return func(a, b string) int { return cmp.Or(cmp.Compare(declared(a), declared(b)), naturalCompare(a, b)) }
}

// fixtureCompare orders fixtures by family, then by name with numbers compared as numbers.
func fixtureCompare(a, b string) int {
	familyOf := func(fixture string) int {
		i := slices.IndexFunc(families, func(f family) bool { return strings.HasPrefix(fixture, f.prefix) })
		if i < 0 {
			return len(families)
		}
		return i
	}
	if c := cmp.Compare(familyOf(a), familyOf(b)); c != 0 {
		return c
	}
	return naturalCompare(a, b)
}

// naturalCompare orders strings with runs of digits compared by value: es-hits-2 before es-hits-10.
// Strings that differ only in leading zeros fall back to byte order, so the order is total.
func naturalCompare(a, b string) int {
	return cmp.Or(naturalCompareRuns(a, b), strings.Compare(a, b))
}

func naturalCompareRuns(a, b string) int {
	for a != "" && b != "" {
		da, db := digitPrefix(a), digitPrefix(b)
		if da != "" && db != "" {
			na, nb := strings.TrimLeft(da, "0"), strings.TrimLeft(db, "0")
			if c := cmp.Compare(len(na), len(nb)); c != 0 {
				return c
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[len(da):], b[len(db):]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

func digitPrefix(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}

// measureFixtures derives each fixture's field count and size from the constant metrics its cells
// report.
func (rd *runData) measureFixtures() {
	for _, f := range rd.fixtures {
		var fields, docB []float64
		for _, op := range rd.ops {
			for _, codec := range rd.codecs {
				c := rd.cells[cellKey{op, f, codec}]
				fields = append(fields, c[unitFields]...)
				docB = append(docB, c[unitDocB]...)
			}
		}
		var fi fixtureInfo
		if len(fields) > 0 {
			fi.fields, fi.hasFields = median(fields), true
		}
		if len(docB) > 0 {
			fi.docBytes, fi.hasDocBytes = median(docB), true
		}
		rd.sizes[f] = fi
	}
}

// samples returns the samples of a cell in a unit, or nil.
func (rd *runData) samples(op, fixture, codec, unit string) []float64 {
	return rd.cells[cellKey{op, fixture, codec}][unit]
}

// rounds is the largest number of ns/op samples of any cell: the number of rounds the run made.
func (rd *runData) rounds() int {
	n := 0
	for _, c := range rd.cells {
		n = max(n, len(c[unitNs]))
	}
	return n
}

// parseCellName extracts op, fixture and codec from a sub-benchmark name such as
// BenchmarkCodec/op=decode-map/fixture=fields-0050/codec=sonic-std-2.
func parseCellName(name benchfmt.Name) (cellKey, bool) {
	var k cellKey
	_, parts := name.Parts()
	for _, p := range parts {
		key, value, ok := strings.Cut(strings.TrimPrefix(string(p), "/"), "=")
		if !ok {
			continue
		}
		switch key {
		case "op":
			k.op = value
		case "fixture":
			k.fixture = value
		case "codec":
			k.codec = value
		}
	}
	return k, k.op != "" && k.fixture != "" && k.codec != ""
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
