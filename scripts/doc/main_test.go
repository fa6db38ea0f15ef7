package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jsoncost/jsoncost/codecs/codectest"
	"github.com/jsoncost/jsoncost/internal/infer"
)

// roleEnv, set to "command", makes the test binary run the command itself.
const roleEnv = "JSONCOST_DOC_TEST_ROLE"

// TestMain adds brokenCodec to the configurations of every benchmark binary
// the tests build, and to those the tests expect (testCodecs).
func TestMain(m *testing.M) {
	os.Setenv(codectest.Env, brokenCodec+":broken")
	testCodecs = codectest.FromEnv()
	if os.Getenv(roleEnv) == "command" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestParseFlags(t *testing.T) {
	defaults := options{doc: "d.json", rounds: defaultRounds, slice: defaultSlice, pairs: defaultPairs, perRequest: 1, results: "results"}
	tests := []struct {
		args []string
		want options // when err is ""
		err  string  // the error's start; "" for none
	}{
		{[]string{"-doc", "d.json"}, defaults, ""},
		{[]string{"-doc", "d.json", "-qps", "", "-per-request", "", "-rounds", "", "-slice", ""}, defaults, ""},
		{[]string{"-doc", "d.json", "-fields", "id", "-qps", "1500.5", "-per-request", "10", "-rounds", "3", "-slice", "200us", "-pairs", "4", "-seed", "7", "-results", "r"},
			options{doc: "d.json", fields: "id", rounds: 3, slice: 200 * time.Microsecond, pairs: 4, qps: 1500.5, perRequest: 10, seed: 7, results: "r"}, ""},
		{[]string{"-doc", "d.json", "-qps", "abc"}, options{}, "QPS=abc: not a positive number of requests per second"},
		{[]string{"-doc", "d.json", "-qps", "0"}, options{}, "QPS=0: not a positive number"},
		{[]string{"-doc", "d.json", "-qps", "-5"}, options{}, "QPS=-5: not a positive number"},
		{[]string{"-doc", "d.json", "-qps", "NaN"}, options{}, "QPS=NaN: not a positive number"},
		{[]string{"-doc", "d.json", "-qps", "+Inf"}, options{}, "QPS=+Inf: not a positive number"},
		{[]string{"-doc", "d.json", "-per-request", "0"}, options{}, "PER_REQUEST=0: want a positive whole number"},
		{[]string{"-doc", "d.json", "-rounds", "two"}, options{}, "ROUNDS=two: want a positive whole number"},
		{[]string{"-doc", "d.json", "-slice", "fast"}, options{}, "SLICE=fast: want a duration from 50µs to 1s"},
		{[]string{"-doc", "d.json", "-slice", "10x"}, options{}, "SLICE=10x: want a duration from 50µs to 1s"},
		{[]string{"-doc", "d.json", "-slice", "10us"}, options{}, "SLICE=10us: want a duration from 50µs to 1s"},
		{[]string{"-doc", "d.json", "-slice", "2s"}, options{}, "SLICE=2s: want a duration from 50µs to 1s"},
		{[]string{"-doc", "d.json", "-pairs", "0"}, options{}, `-pairs "0": want a positive whole number`},
		{[]string{"-doc", "d.json", "-seed", "x"}, options{}, `-seed "x": not a number`},
		{[]string{"-doc", ""}, options{}, "DOC is not set: make bench-doc DOC=path/to/doc.json"},
		{[]string{"-doc", "d.json", "extra"}, options{}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		o, err := parseFlags(tt.args, new(bytes.Buffer))
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("parseFlags(%q): %v", tt.args, err)
		case tt.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tt.err)):
			t.Errorf("parseFlags(%q) error = %v, want %q", tt.args, err, tt.err)
		case tt.err == "" && o != tt.want:
			t.Errorf("parseFlags(%q) = %+v, want %+v", tt.args, o, tt.want)
		}
	}
}

// TestBadInput runs the command on bad documents and fields: each is a
// one-line error naming what is wrong, and nothing is written.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good.json", `{"id":1,"title":"t","price":{"amount":2.5,"currency":"EUR"},"items":[{"sku":"a"}]}`)
	huge := filepath.Join(dir, "huge.json")
	if err := os.WriteFile(huge, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(huge, infer.MaxFileBytes+1); err != nil {
		t.Fatal(err)
	}
	bad := write("bad.json", "{\n  \"a\": tru\n}")
	scalar := write("scalar.json", "  42\n")
	tests := []struct {
		doc, fields, err string
	}{
		{filepath.Join(dir, "missing.json"), "", "DOC: open " + filepath.Join(dir, "missing.json") + ": no such file or directory"},
		{dir, "", "DOC: read " + dir + ": is a directory"},
		{huge, "", "DOC " + huge + ": the document is over the 64 MB limit"},
		{bad, "", bad + ":2:11: invalid character '\\n' in literal true"},
		{write("truncated.json", `{"a":`), "", "truncated.json:1:6: unexpected EOF"},
		{write("empty.json", ""), "", "empty.json:1:1: unexpected EOF"},
		{scalar, "", scalar + ":1:3: the document is a number, not an object, an array of objects or objects one a line"},
		{write("strings.json", `["a","b"]`), "", "strings.json: element 1 of the array is a string, not an object"},
		{good, "price.amout", `FIELDS: "price.amout" is not a path in the document; nearest: price.amount, price, price.currency`},
		{good, "items.sku", `FIELDS: "items.sku" is not a path in the document; nearest: items[].sku, items, id`},
		{good, "id,,title", `FIELDS: path "": empty key`},
	}
	results := filepath.Join(dir, "results")
	for _, tt := range tests {
		var stderr bytes.Buffer
		o := options{doc: tt.doc, fields: tt.fields, rounds: 1, slice: time.Millisecond, pairs: 1, perRequest: 1, results: results}
		err := run(context.Background(), o, &stderr)
		switch {
		case err == nil:
			t.Errorf("doc %s, fields %q: no error, want %q", tt.doc, tt.fields, tt.err)
		case !strings.Contains(err.Error(), tt.err):
			t.Errorf("doc %s, fields %q: error %q, want %q", tt.doc, tt.fields, err, tt.err)
		case strings.Contains(err.Error(), "\n"):
			t.Errorf("doc %s, fields %q: the error is more than one line: %q", tt.doc, tt.fields, err)
		}
	}
	if _, err := os.Stat(results); !os.IsNotExist(err) {
		t.Errorf("bad input wrote %s: %v", results, err)
	}
}
