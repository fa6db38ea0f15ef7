package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/fixtures/corpus"
)

func TestInferTypes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good.json", `{"user_id": 1, "tags": ["a"]}`)
	bad := write("bad.json", "{\n  \"a\": tru\n}")
	missing := filepath.Join(dir, "missing.json")

	tests := []struct {
		path, typeName string
		want           string // in the output, or the error if wantErr
		wantErr        bool
	}{
		{good, "Doc", "package main\n\ntype Doc struct {\n\tUserID int64    `json:\"user_id\"`\n\tTags   []string `json:\"tags\"`\n}\n", false},
		{bad, "Doc", bad + ":2:11: invalid character", true},
		{missing, "Doc", missing + ": no such file or directory", true},
		{dir, "Doc", dir, true},
		{good, "type", `-type "type" is not a Go identifier`, true},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := inferTypes(&out, tt.path, tt.typeName, "main")
		switch {
		case tt.wantErr && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("inferTypes(%s, %s) error = %v, want %q", tt.path, tt.typeName, err, tt.want)
		case !tt.wantErr && (err != nil || out.String() != tt.want):
			t.Errorf("inferTypes(%s, %s) = %q, %v; want %q", tt.path, tt.typeName, out.String(), err, tt.want)
		}
	}
}

func TestList(t *testing.T) {
	var out bytes.Buffer
	if err := list(&out); err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(rows) != 1+len(allNames) {
		t.Fatalf("%d rows, want a header and %d fixtures:\n%s", len(rows), len(allNames), out.String())
	}
	if got := strings.Join(strings.Fields(rows[0]), " "); got != "NAME FAMILY FIELDS BYTES" {
		t.Errorf("header = %q", got)
	}
	for i, row := range rows[1:] {
		f := strings.Fields(row)
		switch {
		case f[0] != allNames[i]:
			t.Errorf("row %d names %q, want %q", i+1, f[0], allNames[i])
		case len(f) != 4 && !strings.Contains(row, "missing: "+corpus.Fetch):
			t.Errorf("row %q: want name, family, fields and bytes, or the command that fetches the corpus", row)
		}
	}
}
