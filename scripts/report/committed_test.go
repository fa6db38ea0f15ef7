package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/committed"
)

// TestCommittedResultsAreCurrent rebuilds the report from the committed raw
// output alone (HEAD's raw files under results/, written to a temporary
// directory without the pages make report writes, so neither a local run
// nor a page that make report rewrote for it changes anything) and checks
// that every page, table, model and chart it builds is committed byte for
// byte, and that every committed one it owns is still built, the
// bench-doc and HTTP pages among them. The conformance tables are
// another command's.
func TestCommittedResultsAreCurrent(t *testing.T) {
	t.Parallel()
	owns := func(path string) bool { return !strings.HasPrefix(path, "conformance/") }
	committed.Test(t, filepath.Join("..", ".."), owns, func(dir string) error {
		mustReport(t, dir)
		return nil
	})
}
