package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/fixtures/corpus"
)

func TestRunInfer(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good.json", `{"user_id": 1, "tags": ["a"]}`)
	goodSrc := "package main\n\ntype Doc struct {\n\tUserID int64    `json:\"user_id\"`\n\tTags   []string `json:\"tags\"`\n}\n"
	bom := write("bom.json", "\uFEFF"+`{"user_id": 1, "tags": ["a"]}`)
	dup := write("dup.json", `{"user_id": 1, "tags": ["a"], "user_id": 2, "tags": []}`)
	bad := write("bad.json", "{\n  \"a\": tru\n}")
	truncated := write("truncated.json", "{")
	empty := write("empty.json", "")
	deep := write("deep.json", strings.Repeat(`{"a":`, 9000)+"1"+strings.Repeat("}", 9000))
	missing := filepath.Join(dir, "missing.json")

	tests := []struct {
		args   []string
		status int
		stdout string   // all of it
		stderr []string // each line's start
	}{
		{[]string{"-infer", good}, 0, goodSrc, nil},
		{[]string{"-infer", good, "-type", "Event", "-pkg", "events"}, 0,
			"package events\n\ntype Event struct {\n\tUserID int64    `json:\"user_id\"`\n\tTags   []string `json:\"tags\"`\n}\n", nil},
		{[]string{"-infer", bom}, 0, goodSrc, []string{"gen: " + bom + ": warning: skipped the UTF-8 byte-order mark at the start"}},
		{[]string{"-infer", dup}, 0, goodSrc, []string{
			"gen: " + dup + ": warning: duplicate key at $.user_id: its values are merged into one field",
			"gen: " + dup + ": warning: duplicate key at $.tags: its values are merged into one field",
		}},
		{[]string{"-infer", bad}, 1, "", []string{"gen: " + bad + ":2:11: invalid character '\\n' in literal true"}},
		{[]string{"-infer", truncated}, 1, "", []string{"gen: " + truncated + ":1:2: unexpected EOF"}},
		{[]string{"-infer", empty}, 1, "", []string{"gen: " + empty + ":1:1: unexpected EOF"}},
		{[]string{"-infer", deep}, 1, "", []string{"gen: " + deep + ": nesting deeper than 100 levels at $.a.a.a"}},
		{[]string{"-infer", missing}, 1, "", []string{"gen: open " + missing + ": no such file or directory"}},
		{[]string{"-infer", dir}, 1, "", []string{"gen: read " + dir + ": is a directory"}},
		{[]string{"-infer", ""}, 1, "", []string{"gen: open : no such file or directory"}},
		{[]string{"-infer", good, "-type", "string"}, 1, "", []string{`gen: -type "string" is not an exported Go identifier`}},
		{[]string{"-infer", good, "-type", "int64"}, 1, "", []string{`gen: -type "int64" is not an exported Go identifier`}},
		{[]string{"-infer", good, "-type", "any"}, 1, "", []string{`gen: -type "any" is not an exported Go identifier`}},
		{[]string{"-infer", good, "-type", "doc"}, 1, "", []string{`gen: -type "doc" is not an exported Go identifier`}},
		{[]string{"-infer", good, "-type", "type"}, 1, "", []string{`gen: -type "type" is not an exported Go identifier`}},
		{[]string{"-infer", good, "-type", "Doc Item"}, 1, "", []string{`gen: -type "Doc Item" is not an exported Go identifier`}},
		{[]string{"-infer", good, "-type", ""}, 1, "", []string{`gen: -type "" is not an exported Go identifier`}},
		{[]string{"-infer", good, "-pkg", "main;"}, 1, "", []string{`gen: -pkg "main;" is not a Go package name`}},
		{[]string{"-infer", good, "-pkg", "func"}, 1, "", []string{`gen: -pkg "func" is not a Go package name`}},
		{[]string{"-infer", good, "-pkg", "_"}, 1, "", []string{`gen: -pkg "_" is not a Go package name`}},
		{[]string{"-infer", good, "-pkg", "main\nfunc init() {}"}, 1, "", []string{`gen: -pkg "main\nfunc init() {}" is not a Go package name`}},
		{[]string{"-infer", good, "extra.json"}, 2, "", []string{`gen: unexpected argument "extra.json"`}},
		{[]string{"-infer"}, 2, "", []string{"gen: flag needs an argument: -infer"}},
		{[]string{"-type", "Doc"}, 2, "", []string{"gen: -type and -pkg go with -infer"}},
		{[]string{"-nosuchflag"}, 2, "", []string{"gen: flag provided but not defined: -nosuchflag"}},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		status := run(tt.args, &stdout, &stderr)
		lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
		if stderr.Len() == 0 {
			lines = nil
		}
		ok := status == tt.status && stdout.String() == tt.stdout && len(lines) == len(tt.stderr)
		for i := 0; ok && i < len(lines); i++ {
			ok = strings.HasPrefix(lines[i], tt.stderr[i])
		}
		if !ok {
			t.Errorf("gen %q: status %d, stdout %q, stderr %q;\nwant status %d, stdout %q, stderr lines starting %q",
				tt.args, status, stdout.String(), stderr.String(), tt.status, tt.stdout, tt.stderr)
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
