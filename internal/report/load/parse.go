package load

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchproc"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// Load parses a raw file, and its instruction count if any. It fails, with
// the file's path and line, when the file cannot be read, names no codec
// cell or is not a whole run; all else wrong is recorded in the Run.
func Load(raw Raw) (*Run, error) {
	data, err := os.ReadFile(raw.Path)
	if err != nil {
		return nil, fmt.Errorf("reading raw file: %w", err)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("%s: empty file", raw.Path)
	}
	lines := bytes.Count(data, []byte("\n"))
	if data[len(data)-1] != '\n' {
		return nil, fmt.Errorf("%s:%d: the last line is cut off (it has no newline): the file is not a whole run", raw.Path, lines+1)
	}
	// Where the residue of rawfmt.Projection varies, configuration changed.
	// A result that follows one of its name's shape on the next line has its
	// residue: only the lines between results set configuration.
	var pp benchproc.ProjectionParser
	pp.Parse(projection, nil) // a valid projection cannot fail
	residue := pp.Residue()
	var residues []benchproc.Key
	names := names{}
	shape, prev := "", 0 // of the last result of r's cells; "" has no base
	r := &Run{Raw: raw, cells: map[rawfmt.Cell]Samples{}}
	br := benchfmt.NewReader(bytes.NewReader(data), raw.File)
	for br.Scan() {
		switch rec := br.Result().(type) {
		case *benchfmt.SyntaxError:
			r.SyntaxErrors = append(r.SyntaxErrors, rec.Error())
		case *benchfmt.Result:
			target := r.part(rec)
			n := names.of(rec.Name)
			named, err := target.add(rec, n)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", raw.Path, err)
			}
			if _, line := rec.Pos(); named && target == r {
				if n.shape != shape || line != prev+1 {
					residues = append(residues, residue.Project(rec))
				}
				shape, prev = n.shape, line
			}
		}
	}
	if err := br.Err(); err != nil {
		return nil, fmt.Errorf("parsing %s: %w", raw.File, err)
	}
	r.units = br.Units()
	for _, b := range r.Builds {
		b.order()
		if err := b.complete(); err != nil {
			return nil, fmt.Errorf("%s:%d: build %s: %w", raw.Path, lines, b.Build, err)
		}
		b.measure()
	}
	if len(r.Builds) > 0 { // an upgrade run: its file configuration is every build's, which it lists in order
		r.Config, r.Codecs, r.BadConfig = r.Builds[0].Config, r.Builds[0].Codecs, r.Builds[0].BadConfig
		r.Meter, r.Anchor = r.Builds[0].Meter, r.Builds[0].Anchor
		listed, ok := r.Value(rawfmt.KeyBuilds)
		order := strings.Fields(listed)
		if !ok { // a noise run: every round is in one part or the other
			order = []string{rawfmt.KeyNeighbour + " off", rawfmt.KeyNeighbour + " on"}
			if rounds, ok := r.count(rawfmt.KeyRounds); ok && len(r.Builds[0].Blocks)+len(r.Builds[len(r.Builds)-1].Blocks) < rounds {
				return nil, fmt.Errorf("%s:%d: the file ends before round %d: it was cut", raw.Path, lines, rounds)
			}
		}
		if len(r.Builds) == 1 {
			return nil, fmt.Errorf("%s:%d: results of one build (%s) alone: an upgrade or noise run compares two", raw.Path, lines, r.Builds[0].Build)
		}
		slices.SortStableFunc(r.Builds, func(a, b *Run) int { return slices.Index(order, a.Build) - slices.Index(order, b.Build) })
		return r, nil
	}
	if len(r.CodecNames) == 0 {
		msg := "no benchmark results"
		if n := len(r.SyntaxErrors); n > 0 {
			msg += fmt.Sprintf(" (%d unparsable lines, first: %s)", n, r.SyntaxErrors[0])
		}
		return nil, fmt.Errorf("%s:%d: %s", raw.Path, lines, msg)
	}
	for _, f := range benchproc.NonSingularFields(residues) {
		r.Changed = append(r.Changed, f.Name)
	}
	r.order()
	if err := r.complete(); err != nil {
		return nil, fmt.Errorf("%s:%d: %w", raw.Path, lines, err)
	}
	r.measure()
	if raw.Instr != nil {
		if r.Instr, err = Load(*raw.Instr); err != nil {
			return nil, fmt.Errorf("the instruction count of %s: %w", raw.File, err)
		}
	}
	return r, nil
}

// A name is what a result's name says, parsed once per distinct name: a
// run repeats each cell's hundreds of times.
type name struct {
	cell   rawfmt.Cell
	isCell bool
	heap   string // the GC harness's heap; "" for another benchmark
	shape  string // the name without its cell's op, fixture and codec

	run     *Run // the run whose samples the cell's last result went to
	samples Samples
}

type names map[string]*name

func (ns names) of(b benchfmt.Name) *name {
	if n, ok := ns[string(b)]; ok {
		return n
	}
	n := &name{}
	n.heap, _ = rawfmt.ParseGC(b)
	n.cell, n.isCell = rawfmt.ParseCell(b)
	if n.isCell {
		base, parts := b.Parts()
		n.shape = string(base)
		for _, p := range parts {
			if key, _, _ := strings.Cut(strings.TrimPrefix(string(p), "/"), "="); !slices.Contains(cellKeys, key) {
				n.shape += string(p)
			}
		}
	}
	ns[string(b)] = n
	return n
}

var cellKeys = []string{rawfmt.KeyOp, rawfmt.KeyFixture, rawfmt.KeyCodec}

// projection is what a result's name and its per-process configuration
// give; any other configuration that varies between results is reported.
const projection = rawfmt.Projection + "," + rawfmt.KeyLayout + "," + rawfmt.KeyRound

// perResult are the configuration keys that change from process to process of one run.
var perResult = []string{rawfmt.KeyLayout, rawfmt.KeyRound, rawfmt.KeyBuild, rawfmt.KeyNeighbour}

// part is the run a result of r's file belongs to: r, or the run of its
// variant, added on first use: its build in an upgrade run, "neighbour on"
// or "neighbour off" in a noise run.
func (r *Run) part(res *benchfmt.Result) *Run {
	variant := res.GetConfig(rawfmt.KeyBuild)
	if n := res.GetConfig(rawfmt.KeyNeighbour); n != "" {
		variant = rawfmt.KeyNeighbour + " " + n
	}
	if variant == "" {
		return r
	}
	i := slices.IndexFunc(r.Builds, func(s *Run) bool { return s.Build == variant })
	if i < 0 {
		i, r.Builds = len(r.Builds), append(r.Builds, &Run{Raw: r.Raw, Build: variant, cells: map[rawfmt.Cell]Samples{}, file: r})
	}
	return r.Builds[i]
}

// add files one result under its cell, or under the GC harness; true when
// it names a cell. A value that is not a finite number, a negative one or
// a time that is not positive is an error naming the line.
func (r *Run) add(res *benchfmt.Result, n *name) (bool, error) {
	for _, v := range res.Values {
		val, unit := OrigValue(v)
		if !finite(val) || val < 0 || (val == 0 && strings.HasSuffix(unit, "ns/op")) {
			file, line := res.Pos()
			return false, fmt.Errorf("%s:%d: %s: %v %s is not a measurement", file, line, res.Name, val, unit)
		}
	}
	if len(r.Config) == 0 {
		file := slices.DeleteFunc(slices.Clone(res.Config), func(c benchfmt.Config) bool {
			return !c.File || slices.Contains(perResult, c.Key)
		})
		for _, c := range file {
			r.Config = append(r.Config, Config{c.Key, string(c.Value)})
		}
		r.Codecs, r.BadConfig = rawfmt.ParseCodecs(file)
		r.Meter, _ = r.Value(rawfmt.KeyMeter)
		r.Anchor, _ = r.Value(rawfmt.KeyAnchor)
	}
	if heap := n.heap; heap != "" {
		if r.GC == nil {
			r.GC = map[string][]Cycle{}
		}
		c := Cycle{Ns: origValue(res, rawfmt.UnitCycleNs), Live: origValue(res, rawfmt.UnitLive), Block: r.block(res)}
		r.GC[heap] = append(r.GC[heap], c)
		return false, nil // a harness line, not a cell: nothing to project
	}
	if !n.isCell {
		r.Unnamed++
		return false, nil
	}
	c, s := n.cell, n.samples
	if n.run != r {
		if s = r.cells[c]; s == nil {
			s = Samples{}
			r.cells[c] = s
			r.name(c)
		}
		n.run, n.samples = r, s
	}
	for _, v := range res.Values {
		val, unit := OrigValue(v)
		s[unit] = append(s[unit], val)
		if slices.Contains(partnerUnits, unit) {
			if r.Pairs == nil {
				r.Pairs = map[rawfmt.Cell][]Pair{}
			}
			r.Pairs[c] = append(r.Pairs[c], Pair{Own: origValue(res, rawfmt.UnitNs), Partner: val, Unit: unit, Block: r.block(res)})
		}
	}
	return true, nil
}

// partnerUnits are the units of a partner's time on a paired result line.
var partnerUnits = []string{rawfmt.UnitBaseNs, rawfmt.UnitAnchorNs, rawfmt.UnitFirstBuildNs}

// origValue is a result's value in unit, as the benchmark reported it; 0 without one.
func origValue(res *benchfmt.Result, unit string) float64 {
	for _, v := range res.Values {
		if val, u := OrigValue(v); u == unit {
			return val
		}
	}
	return 0
}

// block is the index of the process a result came from, in r.Blocks.
func (r *Run) block(res *benchfmt.Result) int {
	b := Block{Layout: res.GetConfig(rawfmt.KeyLayout), Round: res.GetConfig(rawfmt.KeyRound)}
	if i := r.lastBlock; i < len(r.Blocks) && r.Blocks[i] == b { // a process's results come together
		return i
	}
	r.lastBlock = slices.Index(r.Blocks, b)
	if r.lastBlock < 0 {
		r.lastBlock, r.Blocks = len(r.Blocks), append(r.Blocks, b)
	}
	return r.lastBlock
}

// name records the names of a new cell.
func (r *Run) name(c rawfmt.Cell) {
	switch {
	case isNoop(c):
		if r.Noop == (rawfmt.Cell{}) {
			r.Noop = c
		}
		return
	case c.Codec == rawfmt.Floor:
		r.Floor = true
	case c.Codec == rawfmt.AllocRef:
		r.AllocRef = true
	default:
		r.CodecNames = appendNew(r.CodecNames, c.Codec)
	}
	r.Ops = appendNew(r.Ops, c.Op)
	r.Fixtures = appendNew(r.Fixtures, c.Fixture)
}

// OrigValue is a value in the unit the benchmark reported (ns/op, not sec/op).
func OrigValue(v benchfmt.Value) (float64, string) {
	if v.OrigUnit != "" {
		return v.OrigValue, v.OrigUnit
	}
	return v.Value, v.Unit
}

func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
