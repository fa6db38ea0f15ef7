package render

import (
	"strings"

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

// A BuildInfo is one build as its header line records it: the key=value pairs of its binary.
type BuildInfo struct {
	Name   string
	Values map[string]string
}

// Builds lists the builds of the run with what their lines record.
func (p UpgradePage) Builds() []BuildInfo {
	var out []BuildInfo
	for _, b := range p.U.Run.Builds {
		info := BuildInfo{Name: b.Build, Values: map[string]string{}}
		line, _ := p.U.Run.Value(rawfmt.KeyBuildPrefix + b.Build)
		for _, kv := range strings.Fields(line) {
			k, v, _ := strings.Cut(kv, "=")
			info.Values[k] = v
		}
		out = append(out, info)
	}
	return out
}

// Gains and Losses are a comparison's n largest changes whose intervals leave out 1, faster and slower.
func Gains(c model.Comparison, n int) []model.Move  { return pick(c, n, true) }
func Losses(c model.Comparison, n int) []model.Move { return pick(c, n, false) }

func pick(c model.Comparison, n int, faster bool) []model.Move {
	var out []model.Move
	for _, m := range c.Moves {
		if len(out) < n && m.Differs() && (m.Ratio.V < 1) == faster {
			out = append(out, m)
		}
	}
	return out
}

// upgradeTable is one operation's table: a row per codec, a column per fixture, each cell by the template named
// cell; the lead table (upgradeLead) leaves out the base, and "" when no row is left.
func upgradeTable(op model.UpgradeOp, cell string) (string, error) {
	header := []string{"configuration"}
	for _, f := range op.Fixtures {
		header = append(header, ">"+f)
	}
	var rows [][]string
	for _, r := range op.Rows {
		if cell == "upgradeLead" && r.Codec == rawfmt.Base {
			continue
		}
		row := []string{r.Codec}
		for _, m := range r.Moves {
			var b strings.Builder
			if err := sections.ExecuteTemplate(&b, cell, m); err != nil {
				return "", err
			}
			row = append(row, b.String())
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return "", nil
	}
	return tableText(header, rows)
}

// movesTable lists moves, one cell a row, under the ratio's header.
func movesTable(moves []model.Move, header string) (string, error) {
	var rows [][]string
	for _, m := range moves {
		rows = append(rows, []string{m.Cell.Op + "/" + m.Cell.Fixture + "/" + m.Cell.Codec, format.RatioCI(m.Ratio)})
	}
	return tableText([]string{"cell", header}, rows)
}

// Files renders the page: README.md.
func (p UpgradePage) Files() (map[string][]byte, []string, error) {
	b, err := section("upgrade", p)
	if err != nil {
		return nil, nil, err
	}
	return map[string][]byte{"README.md": b}, nil, nil
}
