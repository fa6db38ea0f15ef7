package render

import (
	"cmp"
	"fmt"
	"path"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A MachinesPage is the cross-machine page, templates/machines.tmpl: per
// operation, whether the codecs rank alike on every machine with a full run,
// where the fastest changes, the ratios to the reference side by side, and
// per machine how well its instruction counts agree with its times.
type MachinesPage struct {
	F       *model.Fleet
	Results string   // the results directory, relative to the page's
	Pages   []string // each machine's page of its run, relative to the results directory
}

// MachinesDir is the page's directory under results/.
const MachinesDir = "machines"

// machinesView is what machines.tmpl words.
type machinesView struct {
	names
	Machines []fleetMachine
	AnyWide  bool // a machine's run is too wide to rank
	Many     bool // more than two machines
	Summary  Table
	Ops      []fleetOp
}

// A fleetMachine is one machine as the page lists it, and its instruction agreement.
type fleetMachine struct {
	Line           string // its CPU, Go and sonic engine, escaped
	ID             string // escaped
	Page           Link
	Run            Link
	Instr          *Link
	Rounds         int
	Spread         spread
	InstrGo, RunGo string // escaped, RunGo only when they differ
	Agreement      Table
}

// A fleetOp is one operation across the machines.
type fleetOp struct {
	Op                         string // escaped
	Builds                     string // the machines' builds when they differ
	Fixtures, Codecs, Machines int
	Pairs                      []fleetPair
	Flips                      Table
	Ratios                     []fleetRatios
}

// A fleetPair is two machines' agreement, their IDs escaped.
type fleetPair struct {
	A, B string
	model.Agreement
}

// fleetRatios is one fixture's ratios to Ref per codec and machine.
type fleetRatios struct {
	Fixture, Ref string // escaped
	Table        Table
}

// Files renders the page: README.md.
func (p MachinesPage) Files() (map[string][]byte, error) {
	f := p.F
	v := machinesView{Many: len(f.Machines) > 2, Summary: Table{Cols: []string{"operation", ">documents", "ρ within a document: median (lowest)", ">ρ over every cell", ">fastest changes on", ">of which clear", "Go differs"}}}
	for i, m := range f.Machines {
		r := m.Run
		value := func(r *load.Run, key, none string) string { return markdown.Escape(cmp.Or(config(r, key), none)) }
		fm := fleetMachine{ID: markdown.Escape(m.ID), Page: Link{m.ID, path.Join(p.Results, p.Pages[i])}, Run: Link{r.Raw.File, p.raw(m.ID, r.Raw.File)}, Rounds: r.Rounds(), Spread: p.spread(i),
			Line: value(r, rawfmt.KeyCPU, "cpu not recorded")}
		if gen := config(r, rawfmt.KeyGeneration); gen != "" {
			fm.Line += " (" + markdown.Escape(gen) + ")"
		}
		fm.Line += ", " + value(r, rawfmt.KeyGo, format.None)
		if exp := config(r, rawfmt.KeyGOEXPERIMENT); exp != "" {
			fm.Line += " with GOEXPERIMENT=" + markdown.Escape(exp)
		}
		fm.Line += ", sonic engine " + value(r, rawfmt.KeySonicEngine, format.None)
		v.AnyWide = v.AnyWide || fm.Spread.Wide
		if r.Instr != nil {
			fm.Instr = &Link{r.Instr.Raw.File, p.raw(m.ID, r.Instr.Raw.File)}
			fm.InstrGo = value(r.Instr, rawfmt.KeyGo, format.None)
			if g1, g2 := value(r.Instr, rawfmt.KeyGo, ""), value(r, rawfmt.KeyGo, ""); g1 != g2 {
				fm.RunGo = value(r, rawfmt.KeyGo, format.None)
			}
			fm.Agreement.Cols = []string{"operation", ">common cells", ">ρ over every cell", "ρ within a document: median (lowest)"}
			for _, a := range m.Instr {
				fm.Agreement.add(a.Op, fmt.Sprint(a.Cells), format.Sig(a.Rho), within(a.Agreement))
			}
		}
		v.Machines = append(v.Machines, fm)
	}
	for _, o := range f.Ops {
		fo := fleetOp{Op: markdown.Escape(o.Op), Builds: strings.Join(p.builds(o), ", "), Fixtures: len(o.Fixtures), Codecs: len(o.Codecs), Machines: len(o.Machines)}
		clear, least := 0, o.Pairs[0]
		for _, pr := range o.Pairs {
			if pr.Median < least.Median {
				least = pr
			}
			fo.Pairs = append(fo.Pairs, fleetPair{markdown.Escape(f.Machines[pr.A].ID), markdown.Escape(f.Machines[pr.B].ID), pr.Agreement})
		}
		fo.Flips.Cols = []string{"document"}
		ratioCols := []string{"codec"}
		for _, i := range o.Machines {
			fo.Flips.Cols = append(fo.Flips.Cols, f.Machines[i].ID)
			ratioCols = append(ratioCols, ">"+f.Machines[i].ID)
		}
		fo.Flips.Cols = append(fo.Flips.Cols, "clear")
		for _, fl := range o.Flips {
			row := []string{fl.Fixture}
			for _, w := range fl.Winners {
				row = append(row, w.Codec+format.If(w.Tied, " (tied)"))
			}
			fo.Flips.add(append(row, format.YesNo(fl.Clear()))...)
			if fl.Clear() {
				clear++
			}
		}
		for _, rt := range o.Ratios {
			fr := fleetRatios{Fixture: markdown.Escape(rt.Fixture), Ref: markdown.Escape(rt.Ref), Table: Table{Cols: ratioCols}}
			for _, row := range rt.Rows {
				cells := []string{row.Codec}
				for _, e := range row.Ratios {
					cells = append(cells, cond(e.Known(), func() string { return bold(format.RatioCI(e), row.Apart) }))
				}
				fr.Table.add(cells...)
			}
			fo.Ratios = append(fo.Ratios, fr)
		}
		v.Summary.add("["+o.Op+"](#"+o.Op+")", fmt.Sprint(len(o.Fixtures)), within(least.Agreement), format.Sig(least.Rho), fmt.Sprint(len(o.Flips)), fmt.Sprint(clear), format.YesNo(fo.Builds != ""))
		v.Ops = append(v.Ops, fo)
	}
	b, err := wrapped("machines", v)
	return map[string][]byte{"README.md": b}, err
}

// within is an agreement within documents: the median ρ, the lowest and where.
func within(a model.Agreement) string {
	return cond(a.Fixtures > 0, func() string { return format.Sig(a.Median) + " (" + format.Sig(a.Least) + ", " + a.LeastFixture + ")" })
}

// raw is a raw file of machine id, relative to this page.
func (p MachinesPage) raw(id, file string) string { return path.Join(p.Results, id, load.RawDir, file) }

// A spread is a run's median interval half-width (model.Overall), formatted,
// whether it is too wide for the run to rank, how far its samples stray from
// their cells' medians and whether that names a busy host (model.Overall).
type spread struct {
	HalfWidth string
	Wide      bool
	Samples   string
	Busy      bool
}

// spread is machine i's spread.
func (p MachinesPage) spread(i int) spread {
	all, s, ok := model.Overall(p.F.Machines[i].Run)
	if !ok {
		return spread{HalfWidth: format.None, Samples: format.None}
	}
	return spread{format.HalfWidth(100 * s), s > model.MaxSpread, format.Strays(all.Low, all.High), all.Busy()}
}

// builds is each machine of o with its build (go version, and GOEXPERIMENT
// where set) when they are not all the same, else nil.
func (p MachinesPage) builds(o model.FleetOp) []string {
	var each []string
	seen := map[string]bool{}
	for _, i := range o.Machines {
		r := p.F.Machines[i].Run
		build := config(r, rawfmt.KeyGo)
		if exp := config(r, rawfmt.KeyGOEXPERIMENT); exp != "" {
			build += " with GOEXPERIMENT=" + exp
		}
		seen[build] = true
		each = append(each, p.F.Machines[i].ID+" ran "+build)
	}
	if len(seen) < 2 {
		return nil
	}
	return each
}
