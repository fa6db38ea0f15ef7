package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/jsoncost/jsoncost/internal/cpuprofile/profiletest"
)

const results = "../../results" // the committed runs

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

// api is a profile of an API server on Go 1.27: 60% decoding, 10% encoding, 20% net/http, 10% GC.
func api() *profile.Profile {
	return profiletest.Synthetic([][]string{
		strings.Fields("encoding/json/jsontext.(*Decoder).ReadToken encoding/json/v2.unmarshalFull encoding/json.Unmarshal" + handler),
		strings.Fields("encoding/json/v2.marshalFull encoding/json.Marshal" + handler),
		strings.Fields("syscall.Syscall net.(*conn).Read" + handler),
		strings.Fields("runtime.gcBgMarkWorker"),
	}, []int64{60e6, 10e6, 20e6, 10e6})
}

// TestReport checks what a profile of an API server prints: its shares, its call site, both estimates,
// what they stand on and what they count.
func TestReport(t *testing.T) {
	var out bytes.Buffer
	if err := run(options{profile: write(t, "cpu.pprof", api()), results: results, machine: amd}, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"JSON work is 70% of it", "| JSON decode | 60.0 ms | 60% |", "| GC and allocation | 10.0 ms | 10% |",
		"**Few samples:** the profile holds 10 samples", "those of the v2 engine (Go 1.27 and later)",
		"| encoding/json (encoding-json", "`main.search`", "## What switching codec would save", "| goccy |",
		"The reference run is `20261202T080308Z.txt` of machine linux-amd64-amd-epyc: go1.27.3, encoding/json on its v2 engine, timed by the older meter.",
		"`20261202T080308Z.txt` is too imprecise to rank configurations", "`es-hits-10-full` → `es-hits-10-source5`",
		"**GC** is not counted", "## What is counted",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

// amd is the committed machine whose runs the tests stand on.
const amd = "linux-amd64-amd-epyc"

// TestEngine checks that a profile of the v1 engine stands on a run of it, and that a run of the other
// engine, where no run of its own is committed, says so.
func TestEngine(t *testing.T) {
	v1 := profiletest.Synthetic([][]string{
		strings.Fields("encoding/json.(*decodeState).object encoding/json.Unmarshal" + handler),
		strings.Fields("encoding/json.(*encodeState).marshal encoding/json.Marshal" + handler),
	}, []int64{60e6, 10e6})
	// A results directory of the machine's go1.27.3 run alone.
	only := t.TempDir()
	os.MkdirAll(filepath.Join(only, amd, "raw"), 0o755)
	data, err := os.ReadFile(filepath.Join(results, amd, "raw", "20261202T080308Z.txt"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(only, amd, "raw", "20261202T080308Z.txt"), data, 0o644)
	tests := []struct {
		name, results, want string
	}{
		{"v1 beside a go1.26 run", results, "The reference run is `20261201T012434Z.txt` of machine linux-amd64-amd-epyc: go1.26.8, encoding/json on its v1 engine"},
		{"v1 without one", only, "The program runs encoding/json on its v1 engine, but `20261202T080308Z.txt` measured the v2 engine (go1.27.3): no run of the v1 engine is at hand"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		if err := run(options{profile: write(t, "v1.pprof", v1), results: tt.results, machine: amd}, &out); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), tt.want) || !strings.Contains(out.String(), "those of the v1 engine") {
			t.Errorf("%s: the report lacks %q:\n%s", tt.name, tt.want, out.String())
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
		{"no JSON frames", options{profile: write(t, "nojson.pprof", profiletest.Synthetic([][]string{strings.Fields("main.work main.main")}, []int64{1e7}))}, "no sample is in a JSON codec"},
		{"no symbols", options{profile: write(t, "stripped.pprof", stripped)}, "without symbols"},
		{"FIELDS without DOC", options{profile: write(t, "cpu.pprof", api()), fields: "id"}, "FIELDS needs DOC"},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		tt.o.results = results
		err := run(tt.o, &out)
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

// TestDoc checks that DOC and FIELDS choose the fixtures nearest the document and its filtered form,
// that every path of FIELDS not in DOC is named, and that a bench-doc run of DOC and FIELDS, where
// one is committed, is the reference.
func TestDoc(t *testing.T) {
	const spans = "so each saving's interval runs from its total with the GC part as on them to its total with no GC part"
	var doc strings.Builder
	doc.WriteString("{")
	for i := range 50 {
		if i > 0 {
			doc.WriteString(",")
		}
		fmt.Fprintf(&doc, `"field_%02d":"a value of twenty ch"`, i)
	}
	doc.WriteString("}")
	path := filepath.Join(t.TempDir(), "product.json")
	os.WriteFile(path, []byte(doc.String()), 0o644)
	var out bytes.Buffer
	// A heap profile has the GC part counted, which documents standing in for DOC leave uncertain.
	heap := api()
	heap.SampleType = []*profile.ValueType{{Type: "alloc_objects", Unit: "count"}, {Type: "alloc_space", Unit: "bytes"}}
	heap.PeriodType = &profile.ValueType{Type: "space", Unit: "bytes"}
	o := options{profile: write(t, "cpu.pprof", api()), heap: write(t, "heap.pprof", heap), results: results, machine: amd, doc: path, fields: "field_00,field_10,field_20,field_30,field_40"}
	if err := run(o, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Decoding `fields-0050` and encoding `fields-0005`", "`fields-0050` → `fields-0005`",
		"(1701 B, 50 values per sample, compact)", "(171 B, 5 values)", "no bench-doc run of DOC and FIELDS is committed", spans} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
	o.fields = "field_00,no_such_field,field_1x"
	if err := run(o, &out); err == nil || !strings.Contains(err.Error(), `"no_such_field" is not a path`) || !strings.Contains(err.Error(), `"field_1x" is not a path in the document; nearest: field_10`) {
		t.Errorf("two fields not in DOC: error %v, want one naming both", err)
	}

	// The committed bench-doc run of product.json with these FIELDS, under a results directory of its own.
	const fields = "id,title,price.amount,items[].sku,seller.address.city"
	own := t.TempDir()
	dir := filepath.Join(own, "linux-amd64-intel-xeon-processor", "doc-product-adf2dee4")
	os.MkdirAll(dir, 0o755)
	data, err := os.ReadFile(filepath.Join(results, "linux-amd64-intel-xeon-processor", "doc-product-adf2dee4", "raw.txt"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "raw.txt"), data, 0o644)
	o = options{profile: o.profile, heap: o.heap, results: own, machine: amd, doc: "../doc/testdata/product.json", fields: fields}
	out.Reset()
	if err := run(o, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"DOC itself, as make bench-doc measured it with these FIELDS (`linux-amd64-intel-xeon-processor/doc-product-adf2dee4/raw.txt`)",
		"Decoding `product` and encoding `product`", "`product` → `product-filtered`", "measured on machine linux-amd64-intel-xeon-processor, not linux-amd64-amd-epyc"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), spans) {
		t.Errorf("the report on DOC's own run says its documents stand in for DOC:\n%s", out.String())
	}
}
