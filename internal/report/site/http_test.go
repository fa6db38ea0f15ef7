package site

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestPreferredRaw checks which raw file a report is built from: the
// newest full run, else the newest run of any kind; other files do not
// count.
func TestPreferredRaw(t *testing.T) {
	tests := []struct {
		files []string
		want  string
	}{
		{[]string{"20260101T000000Z.txt", "20260201T000000Z-quick.txt", "20251201T000000Z.txt"}, "20260101T000000Z.txt"},
		{[]string{"20260101T000000Z-quick.txt", "20260201T000000Z-custom.txt", ".20260301T000000Z.txt.partial", "notes.txt"}, "20260201T000000Z-custom.txt"},
	}
	for _, tt := range tests {
		dir := t.TempDir()
		for _, f := range tt.files {
			os.WriteFile(filepath.Join(dir, f), nil, 0o644)
		}
		if got, err := preferredRaw(dir); got != tt.want || err != nil {
			t.Errorf("preferredRaw(%q) = %q, %v; want %q", tt.files, got, err, tt.want)
		}
	}
	if _, err := preferredRaw(t.TempDir()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("preferredRaw(empty) = %v, want fs.ErrNotExist", err)
	}
}
