package render

import (
	"cmp"
	"path"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// An IndexMachine is one machine of the results index.
type IndexMachine struct {
	ID     string
	Page   *load.Run  // the full run the machine page is built from; nil without one
	Newest *load.Run  // the newest run, whose cpu and go the index shows without a full run
	Runs   []IndexRun // every raw file the report reads, newest first
}

// An IndexRun is one run of the index.
type IndexRun struct {
	Run  *load.Run
	Page string // its page, relative to the results directory; "" when it has none
	Err  error  // why it has none
}

// indexView is what index.tmpl words: the machines and the runs, and the other reports.
type indexView struct {
	names
	Machines, Runs Table
	Others         []Link
}

// runsOnlyView is what runsonly.tmpl words: the machine, its runs' pages and its notes.
type runsOnlyView struct {
	Machine string // escaped
	Runs    []Link
	Notes   []string
}

// Index writes results/README.md, templates/index.tmpl: every machine, its
// runs and pages, and the other reports under results/.
func Index(ms []IndexMachine, others []string) ([]byte, error) {
	v := indexView{Machines: Table{Cols: []string{"machine", "cpu", "go", "page built from"}}, Runs: Table{Cols: []string{"machine", "run (UTC)", "kind", "go", "meter", "page"}}}
	for _, m := range ms {
		run := cmp.Or(m.Page, m.Newest)
		switch {
		case run != nil:
			built := "none: no full run"
			if m.Page != nil {
				built = m.Page.Raw.File
			}
			v.Machines.add(Link{m.ID, m.ID + "/README.md"}.cell(), cmp.Or(config(run, rawfmt.KeyCPU), format.None), cmp.Or(config(run, rawfmt.KeyGo), format.None), built)
		default:
			v.Machines.add(m.ID, format.None, format.None, "no raw files")
		}
		for _, r := range m.Runs {
			page := Link{"page", r.Page}.cell()
			if r.Err != nil {
				page = "unusable: " + r.Err.Error() + " (" + Link{"raw file", path.Join(m.ID, load.RawDir, r.Run.Raw.File)}.cell() + ")"
			}
			meter := "older"
			if r.Run.Paired() {
				meter = "paired"
			}
			v.Runs.add(m.ID, r.Run.Raw.Name.StampString(), r.Run.Raw.Kind(), cmp.Or(config(r.Run, rawfmt.KeyGo), format.None), meter, page)
		}
	}
	for _, o := range others {
		v.Others = append(v.Others, Link{o, o + "/README.md"})
	}
	return wrapped("index", v)
}

// config is r's configuration value of key, "" without one.
func config(r *load.Run, key string) string { s, _ := r.Value(key); return s }

// RunsOnly is the machine page of a machine without a full run,
// templates/runsonly.tmpl: one line that says so, then a link to the page of
// each run and the notes on its other files. It is the page's only file.
func RunsOnly(machine string, runs []Link, notes []string) (map[string][]byte, error) {
	readme, err := wrapped("runsonly", runsOnlyView{markdown.Escape(machine), runs, notes})
	return map[string][]byte{"README.md": readme}, err
}

// An UpgradePage is the page of an upgrade run (make bench-upgrade): what each build changes against the first.
// A noise run (make bench-noise) has the same page, its rounds beside the neighbour as a build against those without.
type UpgradePage struct {
	Machine string
	Raw     string // the raw file, relative to the page's directory
	U       *model.Upgrade
}

// upgradeView is what upgrade.tmpl words.
type upgradeView struct {
	names
	Machine, Raw, Old string // escaped
	RawHref           string
	Noise             bool   // a noise run's page: its "builds" are the rounds without the neighbour and with it
	Rounds            string // a noise run's rounds
	Agreement         string // a noise run's halves compared as make bench-noise prints them (Match)
	Builds            Table
	Comparisons       []upgradeComparison
}

// An upgradeComparison is one build against the first: its largest gains
// and losses, and per operation its ratios and the leads over the base.
type upgradeComparison struct {
	New   string // escaped
	Moves [2]upgradeMoves
	Ops   []upgradeOp
}

// upgradeMoves are the largest gains or losses.
type upgradeMoves struct {
	Moves, Got string // "gains", "faster"; "losses", "slower"
	Table      Table
}

type upgradeOp struct {
	Op            string
	Ratios, Leads Table
}

// Files renders the page: README.md.
func (p UpgradePage) Files() (map[string][]byte, []string, error) {
	u := p.U
	v := upgradeView{Machine: markdown.Escape(p.Machine), Raw: markdown.Escape(p.Raw), RawHref: p.Raw, Old: markdown.Escape(u.Old.Build),
		Builds: Table{Cols: []string{"build", "go", "GOEXPERIMENT", "encoding/json engine", "sonic engine"}}, Rounds: config(u.Run, rawfmt.KeyRounds)}
	if u.Run.Raw.Name.Kind == rawfmt.KindNoise {
		var b strings.Builder
		if err := NoiseMatch(&b, u.Run); err != nil {
			return nil, nil, err
		}
		v.Noise, v.Agreement = true, b.String()
	}
	for _, b := range u.Run.Builds {
		values := map[string]string{}
		for _, kv := range strings.Fields(config(u.Run, rawfmt.KeyBuildPrefix+b.Build)) {
			k, val, _ := strings.Cut(kv, "=")
			values[k] = val
		}
		v.Builds.add(b.Build, values[rawfmt.KeyGo], cmp.Or(values[rawfmt.KeyGOEXPERIMENT], format.None),
			cmp.Or(values[rawfmt.KeyStdEngine], format.None), cmp.Or(values[rawfmt.KeySonicEngine], format.None))
	}
	for _, c := range u.Comparisons {
		head := ">" + c.New.Build + " / " + u.Old.Build
		uc := upgradeComparison{New: markdown.Escape(c.New.Build), Moves: [2]upgradeMoves{
			{"gains", "faster", Table{Cols: []string{"cell", head}}}, {"losses", "slower", Table{Cols: []string{"cell", head}}}}}
		for _, m := range c.Moves {
			t := &uc.Moves[0].Table
			if m.Ratio.V >= 1 {
				t = &uc.Moves[1].Table
			}
			if m.Differs() && len(t.Rows) < 5 {
				t.add(m.Cell.Op+"/"+m.Cell.Fixture+"/"+m.Cell.Codec, format.RatioCI(m.Ratio))
			}
		}
		for _, o := range c.Ops {
			cols := []string{"configuration"}
			for _, f := range o.Fixtures {
				cols = append(cols, ">"+f)
			}
			uo := upgradeOp{Op: o.Op, Ratios: Table{Cols: cols}, Leads: Table{Cols: cols}}
			for _, row := range o.Rows {
				ratios, leads := []string{row.Codec}, []string{row.Codec}
				for _, m := range row.Moves {
					ratios = append(ratios, cond(m.OK, func() string { return bold(format.RatioCI(m.Ratio), m.Differs()) }))
					leads = append(leads, cond(m.HasLead, func() string {
						return bold(format.Ratio(m.LeadOld.V)+" → "+format.Ratio(m.LeadNew.V), model.Differs(m.LeadChange))
					}))
				}
				uo.Ratios.add(ratios...)
				if row.Codec != rawfmt.Base {
					uo.Leads.add(leads...)
				}
			}
			uc.Ops = append(uc.Ops, uo)
		}
		v.Comparisons = append(v.Comparisons, uc)
	}
	b, err := wrapped("upgrade", v)
	return map[string][]byte{"README.md": b}, nil, err
}

// bold is s in bold when b.
func bold(s string, b bool) string {
	if b {
		return "**" + s + "**"
	}
	return s
}
