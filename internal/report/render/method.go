package render

import (
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// methodView is what templates/method.tmpl shows: how the run was taken
// and the numbers made.
type methodView struct {
	suite
	Rounds string   // "12 interleaved rounds"
	Passes int      // runs of each fields-* cell per round
	Passed []string // consistency checks passed: "rule (n pairs)"
}

func method(d *doc, a *model.Analysis) {
	v := methodView{
		Rounds: format.Plural(a.Run.Rounds(), "interleaved round"),
		Passes: a.Run.FieldsPasses(),
	}
	for _, c := range a.Checks {
		if c.Checked > 0 && len(c.Failed) == 0 {
			v.Passed = append(v.Passed, c.Rule+" ("+format.Plural(c.Checked, "pair")+")")
		}
	}
	d.section("method", v)
}
