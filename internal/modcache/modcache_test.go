package modcache

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDownload asks for a module of the main module's build list, which
// `go test` has already put in the cache, at the required and at an
// explicit version.
func TestDownload(t *testing.T) {
	for _, version := range []string{"", "v0.7.0"} {
		m, err := Download("github.com/google/go-cmp", version)
		if err != nil {
			t.Fatal(err)
		}
		if m.Path != "github.com/google/go-cmp" || m.Version != "v0.7.0" || !strings.HasPrefix(m.Sum, "h1:") {
			t.Errorf("Download(%q) = %+v, want go-cmp v0.7.0 with an h1: sum", version, m)
		}
		if _, err := os.Stat(filepath.Join(m.Dir, "go.mod")); err != nil {
			t.Errorf("Download(%q): directory without go.mod: %v", version, err)
		}
	}
}

// TestDownloadErrors needs no network: GOPROXY=off makes a version
// missing from the cache an error.
func TestDownloadErrors(t *testing.T) {
	t.Setenv("GOPROXY", "off")
	tests := []struct{ path, version, want string }{
		{"not a module path", "", "go mod download not a module path: "},
		{"github.com/google/go-cmp", "v0.1.0", "go mod download github.com/google/go-cmp@v0.1.0: "},
	}
	for _, tt := range tests {
		_, err := Download(tt.path, tt.version)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Download(%q, %q) error = %v, want one line starting %q", tt.path, tt.version, err, tt.want)
		}
	}
}
