package main

import (
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/committed"
)

// TestCommittedPagesAreCurrent rebuilds the HTTP pages from HEAD's raw
// files alone, as make report does, and checks them against the committed
// ones both ways.
func TestCommittedPagesAreCurrent(t *testing.T) {
	owns := func(path string) bool { return strings.Contains(path, "/http/") }
	committed.Test(t, filepath.Join("..", ".."), owns, func(dir string) error { return report(dir, io.Discard) })
}
