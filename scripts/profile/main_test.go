package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/jsoncost/jsoncost/internal/cpuprofile"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

const results = "../../results" // the committed runs

// committed is fullRun, read once for every test.
var committed = sync.OnceValues(func() (*load.Run, error) { return fullRun(results, "") })

func cached(string, string) (*load.Run, error) { return committed() }

func write(t *testing.T, name string, p *profile.Profile) string {
	t.Helper()
	var b bytes.Buffer
	if err := p.Write(&b); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const handler = " main.search net/http.HandlerFunc.ServeHTTP net/http.(*conn).serve runtime.goexit"

func api() *profile.Profile {
	return cpuprofile.Synthetic([][]string{
		strings.Fields("encoding/json.(*decodeState).object encoding/json.Unmarshal" + handler),
		strings.Fields("encoding/json.(*encodeState).marshal encoding/json.Marshal" + handler),
		strings.Fields("syscall.Syscall net.(*conn).Read" + handler),
		strings.Fields("runtime.gcBgMarkWorker"),
	}, []int64{60e6, 10e6, 20e6, 10e6})
}

// TestReport checks what a profile of an API server prints: its shares, its call site and both estimates.
func TestReport(t *testing.T) {
	var out bytes.Buffer
	if err := run(options{profile: write(t, "cpu.pprof", api()), results: results}, &out, cached); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"JSON work is 70% of it", "| JSON decode | 60.0 ms | 60% |", "| GC and allocation | 10.0 ms | 10% |",
		"| encoding/json (encoding-json", "`main.search`", "## What switching codec would save", "| goccy |",
		"`es-hits-10-full` → `es-hits-10-source5`", "## How this was computed",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

// TestBadInput checks that each bad input is one line and prints nothing.
func TestBadInput(t *testing.T) {
	heap := api()
	heap.SampleType = []*profile.ValueType{{Type: "alloc_objects", Unit: "count"}, {Type: "alloc_space", Unit: "bytes"}}
	heap.PeriodType = &profile.ValueType{Type: "space", Unit: "bytes"}
	stripped := api()
	for _, loc := range stripped.Location {
		loc.Address, loc.Line = 0x401000+loc.ID, nil
	}
	stripped.Function = nil
	text := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(text, []byte("top10 of a profile, as text\n"), 0o644)
	tests := []struct {
		name string
		o    options
		want string
	}{
		{"not a profile", options{profile: text}, "not a pprof profile"},
		{"missing file", options{profile: filepath.Join(t.TempDir(), "none.pprof")}, "no such file"},
		{"heap profile", options{profile: write(t, "heap.pprof", heap)}, "a heap profile, not a CPU profile"},
		{"no JSON frames", options{profile: write(t, "nojson.pprof", cpuprofile.Synthetic([][]string{strings.Fields("main.work main.main")}, []int64{1e7}))}, "no sample is in a JSON codec"},
		{"no symbols", options{profile: write(t, "stripped.pprof", stripped)}, "without symbols"},
		{"FIELDS without DOC", options{profile: write(t, "cpu.pprof", api()), fields: "id"}, "FIELDS needs DOC"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		tt.o.results = results
		err := run(tt.o, &out, cached)
		switch {
		case err == nil || !strings.Contains(err.Error(), tt.want):
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		case strings.Contains(err.Error(), "\n"):
			t.Errorf("%s: error of more than one line: %q", tt.name, err)
		case out.Len() > 0:
			t.Errorf("%s: printed %q", tt.name, out.String())
		}
	}
}

// TestDoc checks that DOC and FIELDS choose the fixtures nearest the document and its filtered form.
func TestDoc(t *testing.T) {
	var doc strings.Builder
	doc.WriteString("{")
	for i := range 50 {
		if i > 0 {
			doc.WriteString(",")
		}
		fmt.Fprintf(&doc, `"field_%02d":"a value of twenty ch"`, i)
	}
	doc.WriteString("}")
	path := filepath.Join(t.TempDir(), "doc.json")
	os.WriteFile(path, []byte(doc.String()), 0o644)
	var out bytes.Buffer
	o := options{profile: write(t, "cpu.pprof", api()), results: results, doc: path, fields: "field_00,field_10,field_20,field_30,field_40"}
	if err := run(o, &out, cached); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"On `fields-0050`", "`fields-0050` → `fields-0005`", "(1701 B, 50 values per sample, compact)", "(171 B, 5 values)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
	o.fields = "field_00,no_such_field"
	if err := run(o, &out, cached); err == nil || !strings.Contains(err.Error(), "no_such_field") {
		t.Errorf("a field not in DOC: error %v, want one naming it", err)
	}
}

// TestFullRun checks that the estimates stand on a full run, and that a machine without one is an error.
func TestFullRun(t *testing.T) {
	r, err := committed()
	if err != nil || !r.Raw.Full() {
		t.Fatalf("fullRun: %v, %+v; want a full run", err, r.Raw)
	}
	if _, err := fullRun(results, "linux-amd64-no-such-cpu"); err == nil || !strings.Contains(err.Error(), "has no full run") {
		t.Errorf("a machine without a full run: error %v", err)
	}
}
