package render

import (
	"testing"

	"github.com/jsoncost/jsoncost/internal/tmplcheck"
)

// TestTemplatesCheck: every template names only what exists on the view Go
// executes it on, on every branch (tmplcheck.Check).
func TestTemplatesCheck(t *testing.T) {
	tmplcheck.Check(t, sections, funcs, map[string]any{
		"page.tmpl": &view{}, "body.tmpl": &view{}, "configurations.tmpl": &view{}, "op.tmpl": opView{},
		"findings.tmpl": findingsView{}, "machines.tmpl": machinesView{}, "upgrade.tmpl": upgradeView{},
		"index.tmpl": indexView{}, "runsonly.tmpl": runsOnlyView{},
	})
}
