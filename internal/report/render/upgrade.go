package render

import (
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// An UpgradePage is the page of an upgrade run (make bench-upgrade): what each build changes against the first.
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
		Builds: Table{Cols: []string{"build", "go", "GOEXPERIMENT", "encoding/json engine", "sonic engine"}}}
	for _, b := range u.Run.Builds {
		values := map[string]string{}
		for _, kv := range strings.Fields(config(u.Run, rawfmt.KeyBuildPrefix+b.Build)) {
			k, val, _ := strings.Cut(kv, "=")
			values[k] = val
		}
		v.Builds.add(b.Build, values[rawfmt.KeyGo], or(values[rawfmt.KeyGOEXPERIMENT]), or(values[rawfmt.KeyStdEngine]), or(values[rawfmt.KeySonicEngine]))
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
