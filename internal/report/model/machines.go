package model

import (
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// A Fleet compares the full runs of several machines, operation by operation:
// whether the codecs rank alike, where the fastest changes, and each codec's
// ratio to the reference side by side.
type Fleet struct {
	Machines []FleetMachine
	Ops      []FleetOp
}

// A FleetMachine is one machine's full run and, where it has an instruction
// count, the count's rank agreement with the run's times, per operation.
type FleetMachine struct {
	ID    string
	Run   *load.Run
	Instr []OpAgreement
}

// An OpAgreement is one operation's Agreement.
type OpAgreement struct {
	Op string
	Agreement
}

// A FleetOp is one operation on the machines that ran it.
type FleetOp struct {
	Op       string
	Machines []int    // indexes into Fleet.Machines, at least two
	Fixtures []string // the fixtures all of them ran the op on with a codec, in the first's order
	Codecs   []string // the codecs all of them ran the op with, in the first's order
	Pairs    []RankPair
	Flips    []Flip
	Ratios   []RatioTable // at the fields-* documents of Marks
}

// A RankPair is the agreement of two machines' ns/op medians over the op's
// common cells: ρ over all of them, and per fixture across codecs.
type RankPair struct {
	A, B int // indexes into Fleet.Machines
	Agreement
}

// A Flip is a fixture whose fastest codec is not the same on every machine.
type Flip struct {
	Fixture string
	Winners []Winner // per machine of the op
}

// Clear reports whether every machine's fastest codec ranks alone, so that
// the change is more than a tie resolved two ways.
func (f Flip) Clear() bool {
	return !slices.ContainsFunc(f.Winners, func(w Winner) bool { return w.Tied })
}

// A Winner is the fastest of the common codecs on one machine; Tied when
// others share its rank (RankTies).
type Winner struct {
	Codec string
	Tied  bool
}

// A RatioTable is each common codec's ratio to Ref on one fixture, per machine.
type RatioTable struct {
	Fixture, Ref string
	Rows         []RatioRow
}

// A RatioRow is one codec's ratios (Standing.Ratio), per machine of the op;
// Apart when two machines' intervals leave each other out.
type RatioRow struct {
	Codec  string
	Ratios []Estimate
	Apart  bool
}

// CompareMachines compares the full runs of machines, given by id; the
// operations are those at least two of them ran, in the first's order.
func CompareMachines(ids []string, runs []*load.Run) *Fleet {
	f := &Fleet{}
	var ops []string
	for i, r := range runs {
		m := FleetMachine{ID: ids[i], Run: r}
		if r.Instr != nil {
			for _, op := range r.Instr.Ops {
				m.Instr = append(m.Instr, OpAgreement{op, rankAgreement(r, r.Instr, op)})
			}
		}
		f.Machines = append(f.Machines, m)
		for _, op := range r.Ops {
			if !slices.Contains(ops, op) {
				ops = append(ops, op)
			}
		}
	}
	for _, op := range ops {
		if o, ok := f.compare(op); ok {
			f.Ops = append(f.Ops, o)
		}
	}
	return f
}

func (f *Fleet) compare(op string) (FleetOp, bool) {
	o := FleetOp{Op: op}
	for i, m := range f.Machines {
		if slices.Contains(m.Run.Ops, op) {
			o.Machines = append(o.Machines, i)
		}
	}
	if len(o.Machines) < 2 {
		return o, false
	}
	first := f.Machines[o.Machines[0]].Run
	every := func(has func(*load.Run) bool) bool {
		return !slices.ContainsFunc(o.Machines, func(i int) bool { return !has(f.Machines[i].Run) })
	}
	for _, fx := range first.Fixtures {
		if every(func(r *load.Run) bool {
			return slices.ContainsFunc(r.CodecNames, func(c string) bool { return Ns(r, op, fx, c).Known() })
		}) {
			o.Fixtures = append(o.Fixtures, fx)
		}
	}
	for _, c := range first.CodecNames {
		if every(func(r *load.Run) bool { return r.Has(op, c) }) {
			o.Codecs = append(o.Codecs, c)
		}
	}
	for j, a := range o.Machines {
		for _, b := range o.Machines[j+1:] {
			ra, rb := f.Machines[a].Run, f.Machines[b].Run
			agree := agreement(op, o.Fixtures, o.Codecs, BaseOf(ra, op), ra, rawfmt.UnitNs, rb)
			o.Pairs = append(o.Pairs, RankPair{A: a, B: b, Agreement: agree})
		}
	}
	for _, fx := range o.Fixtures {
		size := first.Sizes[fx]
		mark := load.Fields.Has(fx) && size.HasFields && slices.Contains(Marks, size.Fields)
		if !mark && !f.fastestDiffer(o, fx) {
			continue // the bootstrap of every ratio is for where a page shows it
		}
		standings := make([][]Standing, len(o.Machines))
		ref := ""
		for j, i := range o.Machines { // the common codecs alone, ranked anew
			var s []Standing
			ref, s = Standings(f.Machines[i].Run, op, fx)
			standings[j] = slices.DeleteFunc(s, func(s Standing) bool { return !slices.Contains(o.Codecs, s.Codec) })
			RankTies(standings[j])
		}
		if flip, ok := flipOf(fx, standings); ok {
			o.Flips = append(o.Flips, flip)
		}
		if mark {
			o.Ratios = append(o.Ratios, ratioTable(fx, ref, o.Codecs, standings))
		}
	}
	return o, true
}

// fastestDiffer reports whether the machines of o differ in the codec with
// the lowest median on fixture.
func (f *Fleet) fastestDiffer(o FleetOp, fixture string) bool {
	fastest := map[string]bool{}
	for _, i := range o.Machines {
		best, at := "", 0.0
		for _, c := range o.Codecs {
			if ns := Ns(f.Machines[i].Run, o.Op, fixture, c); ns.Known() && (best == "" || ns.Point < at) {
				best, at = c, ns.Point
			}
		}
		fastest[best] = true
	}
	return len(fastest) > 1
}

// flipOf reports the winners of a fixture when they are not one codec.
func flipOf(fixture string, standings [][]Standing) (Flip, bool) {
	fl := Flip{Fixture: fixture}
	for _, s := range standings {
		if len(s) == 0 {
			return fl, false
		}
		fl.Winners = append(fl.Winners, Winner{Codec: s[0].Codec, Tied: s[0].Tied})
	}
	return fl, slices.ContainsFunc(fl.Winners, func(w Winner) bool { return w.Codec != fl.Winners[0].Codec })
}

func ratioTable(fixture, ref string, codecs []string, standings [][]Standing) RatioTable {
	t := RatioTable{Fixture: fixture, Ref: ref}
	for _, c := range codecs {
		row := RatioRow{Codec: c}
		for _, s := range standings {
			e := Summarize(nil) // unknown
			if k := slices.IndexFunc(s, func(s Standing) bool { return s.Codec == c }); k >= 0 {
				e = s[k].Ratio
			}
			row.Ratios = append(row.Ratios, e)
		}
		for j, a := range row.Ratios {
			for _, b := range row.Ratios[j+1:] {
				row.Apart = row.Apart || (a.HasCI && b.HasCI && !overlap(a, b))
			}
		}
		t.Rows = append(t.Rows, row)
	}
	return t
}
