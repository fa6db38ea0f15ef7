package render

import (
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
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

// Files renders the page: README.md.
func (p UpgradePage) Files() (map[string][]byte, []string, error) {
	b, err := wrapped("upgrade", p)
	if err != nil {
		return nil, nil, err
	}
	return map[string][]byte{"README.md": b}, nil, nil
}
