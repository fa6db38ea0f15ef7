package infer

import (
	"os"
	"path/filepath"
	"testing"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	doc := filepath.Join(dir, "doc.json")
	if err := os.WriteFile(doc, []byte(`{"a":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(dir, "full.json")
	huge := filepath.Join(dir, "huge.json")
	for path, size := range map[string]int64{full: MaxFileBytes, huge: MaxFileBytes + 1} {
		if err := os.WriteFile(path, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Truncate(path, size); err != nil {
			t.Fatal(err)
		}
	}
	missing := filepath.Join(dir, "missing.json")
	tests := []struct {
		path string
		size int
		err  string
	}{
		{doc, len(`{"a":1}`), ""},
		{full, MaxFileBytes, ""},
		{huge, 0, "DOC " + huge + ": the document is over the 64 MB limit"},
		{missing, 0, "DOC: open " + missing + ": no such file or directory"},
		{dir, 0, "DOC: read " + dir + ": is a directory"},
	}
	for _, tt := range tests {
		data, err := ReadFile(tt.path)
		switch {
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("ReadFile(%s) = %v, want error %q", filepath.Base(tt.path), err, tt.err)
		case tt.err == "" && err != nil:
			t.Errorf("ReadFile(%s): %v", filepath.Base(tt.path), err)
		case len(data) != tt.size:
			t.Errorf("ReadFile(%s) read %d bytes, want %d", filepath.Base(tt.path), len(data), tt.size)
		}
	}
}
