package committed

import (
	"slices"
	"strings"
	"testing"
)

func TestIsPage(t *testing.T) {
	owns := func(path string) bool { return !strings.HasPrefix(path, "other/") }
	for path, want := range map[string]bool{
		"m/raw/20261201T012434Z.txt":      false,
		"m/http/raw/20261130T210144Z.txt": false,
		"raw/x.txt":                       false,
		"m/README.md":                     true,
		"m/rawness/x.txt":                 true,
		"m/doc-product/raw.txt":           false,
		"m/doc-product/README.md":         true,
		"m/docs/raw.txt":                  true,
		"m/doc-product/raw.txt/x":         true,
		"other/README.md":                 false,
	} {
		if got := isPage(path, owns); got != want {
			t.Errorf("isPage(%q) = %t, want %t", path, got, want)
		}
	}
}

func TestCheck(t *testing.T) {
	owns := func(path string) bool { return !strings.HasPrefix(path, "other/") }
	committed := map[string][]byte{
		"m/raw/a.txt":     []byte("raw"),
		"m/README.md":     []byte("page"),
		"m/stale.md":      []byte("gone"),
		"m/changed.md":    []byte("old"),
		"other/README.md": []byte("not ours"),
	}
	rebuilt := map[string][]byte{
		"m/raw/a.txt":  []byte("raw"),
		"m/README.md":  []byte("page"),
		"m/changed.md": []byte("new"),
		"m/new.md":     []byte("new"),
	}
	got := check(committed, rebuilt, owns)
	slices.Sort(got)
	want := []string{
		"results/m/changed.md is not what make report builds from the committed raw output; run make report",
		"results/m/new.md is what make report builds, but it is not committed; run make report and commit it",
		"results/m/stale.md is committed but make report no longer builds it",
	}
	if !slices.Equal(got, want) {
		t.Errorf("check =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
