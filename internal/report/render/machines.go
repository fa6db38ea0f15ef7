package render

import (
	"path"

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
	Pages   []string // each machine's page of its run, relative to the results directory; default <id>/README.md
}

// MachinesDir is the page's directory under results/.
const MachinesDir = "machines"

// Files renders the page: README.md.
func (p MachinesPage) Files() (map[string][]byte, error) {
	b, err := section("machines", p)
	if err != nil {
		return nil, err
	}
	return map[string][]byte{"README.md": markdown.Wrap(b, markdown.MaxLine)}, nil
}

// Page is the page of machine i's run, relative to this page.
func (p MachinesPage) Page(i int) string {
	if i < len(p.Pages) {
		return path.Join(p.Results, p.Pages[i])
	}
	return path.Join(p.Results, p.F.Machines[i].ID, "README.md")
}

// Raw is the raw file of machine i's run, or of its instruction count, relative to this page.
func (p MachinesPage) Raw(i int, instr bool) string {
	m := p.F.Machines[i]
	file := m.Run.Raw.File
	if instr {
		file = m.Run.Instr.Raw.File
	}
	return path.Join(p.Results, m.ID, load.RawDir, file)
}

// A spread is a run's median interval half-width (model.Spread), formatted,
// whether it is too wide for the run to rank, how far its samples stray from
// their cells' medians and whether that names a busy host (model.Overall).
type spread struct {
	HalfWidth string
	Wide      bool
	Samples   string
	Busy      bool
}

// Spread is machine i's spread.
func (p MachinesPage) Spread(i int) spread {
	all, s, ok := model.Overall(p.F.Machines[i].Run)
	if !ok {
		return spread{HalfWidth: format.None, Samples: format.None}
	}
	return spread{format.HalfWidth(100 * s), s > model.MaxSpread, format.Strays(all.Low, all.High), all.Busy()}
}

// Builds is each machine of o with its build (go version, and GOEXPERIMENT
// where set) when they are not all the same, else nil.
func (p MachinesPage) Builds(o model.FleetOp) []string {
	var each []string
	seen := map[string]bool{}
	for _, i := range o.Machines {
		r := p.F.Machines[i].Run
		build, _ := r.Value(rawfmt.KeyGo)
		if exp, _ := r.Value(rawfmt.KeyGOEXPERIMENT); exp != "" {
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
