package render

import (
	"errors"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// lines is the non-blank lines of the template name on the page: notes.tmpl
// says what the run lacks or what was wrong with it, so the page never
// presents a gap as a result; findings.tmpl is the headline sentences.
func lines(name string, p Page) ([]string, error) {
	b, err := section(name, view{Page: p, R: p.A.Run})
	if err != nil {
		return nil, err
	}
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out, nil
}

// A fitGroup is the cells of one fit that could not be made for one reason.
type fitGroup struct {
	Fit, Reason string
	Cells       []string
}

// fitGroups groups the fits with cells that failed by fit and reason.
func fitGroups(rows []model.Row) []*fitGroup {
	var groups []*fitGroup
	for _, row := range rows {
		for i, res := range row.Fits {
			if res.OK() || errors.Is(res.Err, model.ErrNoCells) {
				continue
			}
			fit, reason := model.Specs[i].Name, res.Err.Error()
			j := slices.IndexFunc(groups, func(g *fitGroup) bool { return g.Fit == fit && g.Reason == reason })
			if j < 0 {
				groups, j = append(groups, &fitGroup{Fit: fit, Reason: reason}), len(groups)
			}
			groups[j].Cells = append(groups[j].Cells, markdown.Escape(row.Op+"/"+row.Codec))
		}
	}
	return groups
}
