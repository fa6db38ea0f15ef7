package main

import (
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

func TestParseBuilds(t *testing.T) {
	tests := []struct {
		in      string
		want    []build
		wantErr string
	}{
		{"go1.26.8,go1.27.3+nojsonv2+greenteagc", []build{{name: "go1.26.8", toolchain: "go1.26.8"},
			{name: "go1.27.3+nojsonv2+greenteagc", toolchain: "go1.27.3", experiment: "nojsonv2,greenteagc"}}, ""},
		{"go1.27.3  go1.27.3+jsonv2", []build{{name: "go1.27.3", toolchain: "go1.27.3"}, {name: "go1.27.3+jsonv2", toolchain: "go1.27.3", experiment: "jsonv2"}}, ""},
		{"go1.27.3", nil, "want at least two builds"},
		{"go1.27.3 go1.27.3", nil, "listed twice"},
		{"go1.27.3 1.26.8", nil, `build "1.26.8": want a toolchain`},
		{"go1.27.3 go1.27.3+", nil, "malformed experiment"},
		{"go1.27.3 go1.27.3+a++b", nil, "malformed experiment"},
	}
	for _, tt := range tests {
		got, err := parseBuilds(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("parseBuilds(%q) error %v, want one containing %q", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseBuilds(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}

// Every run of a round goes to every build once, each run's builds in an order that is not always the same.
func TestBuildRunsShuffleBuilds(t *testing.T) {
	bs, _ := parseBuilds(DefaultBuilds)
	for i := range bs {
		bs[i].has = map[rawfmt.Cell]bool{{Op: "decode-map", Fixture: "fields-0005", Codec: "goccy"}: true}
	}
	rs := make([]runner.Round, 20)
	for i := range rs {
		rs[i].Benchtime = strings.Repeat("x", i+1)
		rs[i].Want = map[rawfmt.Cell]bool{{Op: "decode-map", Fixture: "fields-0005", Codec: "goccy"}: true}
	}
	got := buildRuns(rs, bs, 1, 1)
	if len(got) != len(rs)*len(bs) {
		t.Fatalf("%d runs, want %d", len(got), len(rs)*len(bs))
	}
	firsts := map[string]bool{}
	for i := 0; i < len(got); i += len(bs) {
		seen := map[*runner.Binary]bool{}
		for _, r := range got[i : i+len(bs)] {
			if r.Benchtime != rs[i/len(bs)].Benchtime || seen[r.Bin] {
				t.Fatalf("run %d: %+v is not each build once of run %d", i, r, i/len(bs))
			}
			seen[r.Bin] = true
		}
		firsts[got[i].Config[0]] = true
		if !strings.HasPrefix(got[i].Config[0], rawfmt.KeyBuild+": go1.") {
			t.Fatalf("config %q, want a build line", got[i].Config)
		}
	}
	if len(firsts) < 2 {
		t.Errorf("the same build ran first in all %d runs", len(rs))
	}
}

// The benchmark binary builds without the jsonv2 experiment, as the default builds of make bench-upgrade need: go
// list resolves its imports under GOEXPERIMENT=nojsonv2 (compiling nothing), and a package that only the experiment
// provides, such as encoding/json/jsontext, is an error.
func TestBinaryBuildsWithoutJSONv2(t *testing.T) {
	cmd := exec.Command("go", "list", "-e", "-deps", "-test", "-f", "{{with .Error}}{{.}}{{end}}", "github.com/jsoncost/jsoncost")
	cmd.Env = append(os.Environ(), "GOEXPERIMENT=nojsonv2")
	out, err := cmd.CombinedOutput()
	if err != nil || len(strings.TrimSpace(string(out))) > 0 {
		t.Errorf("the benchmark binary does not build under GOEXPERIMENT=nojsonv2: %v\n%s", err, out)
	}
}

// A build that lacks a codec of the run (json-v2 without the jsonv2 experiment) is asked only for the cells it has,
// its -codecs naming only its codecs; the other builds run the selection as it is.
func TestBuildRunsLeaveOutWhatABuildLacks(t *testing.T) {
	goccy := rawfmt.Cell{Op: "get5", Fixture: "fields-0005", Codec: "goccy"}
	v2 := rawfmt.Cell{Op: "get5", Fixture: "fields-0005", Codec: "json-v2"}
	floor := rawfmt.Cell{Op: "get5", Fixture: "fields-0005", Codec: rawfmt.Floor}
	want := map[rawfmt.Cell]bool{goccy: true, v2: true, floor: true}
	old, cur := map[rawfmt.Cell]bool{goccy: true, floor: true}, map[rawfmt.Cell]bool{goccy: true, v2: true, floor: true}
	bs := []build{{name: "go1.26.8", has: old, codecs: map[string]string{"goccy,json-v2": buildCodecs("goccy,json-v2", want, old)}},
		{name: "go1.27.3", has: cur, codecs: map[string]string{"goccy,json-v2": buildCodecs("goccy,json-v2", want, cur)}}}
	if c0, c1 := bs[0].codecs["goccy,json-v2"], bs[1].codecs["goccy,json-v2"]; c0 != "goccy" || c1 != "" {
		t.Fatalf("codecs %q and %q, want \"goccy\" and \"\"", c0, c1)
	}
	if got := buildCodecs("", want, old); got != "" {
		t.Errorf("a selection of every codec became %q", got)
	}
	args := rawfmt.Selection{Codecs: "goccy,json-v2"}.Args(rawfmt.BinaryFlagPrefix)
	for _, r := range buildRuns([]runner.Round{{Want: want, Args: args}}, bs, 1, 1) {
		name := strings.TrimPrefix(r.Config[0], rawfmt.KeyBuild+": ")
		wantCodecs, n := "goccy,json-v2", 3
		if name == "go1.26.8" {
			wantCodecs, n = "goccy", 2
		}
		if r.Args[1] != wantCodecs || len(r.Want) != n || r.Want[v2] != (n == 3) {
			t.Errorf("%s: -codecs %q, want %v; want %q and %d cells", name, r.Args[1], r.Want, wantCodecs, n)
		}
	}
	if args[1] != "goccy,json-v2" {
		t.Errorf("the run's own args changed to %q", args[1])
	}
}

// A run with a base of its own (json-v2 for get5) keeps each part's codecs in a build that lacks one of the
// run's codecs: the json-v2 part never asks for the others, the other part never for json-v2.
func TestCodecsByRun(t *testing.T) {
	groups, _, _, err := withBases(rawfmt.Selection{Codecs: "fastjson,goccy", Ops: "decode-map,get5", Fixtures: "fields-0005"}, false)
	if err != nil {
		t.Fatal(err)
	}
	var parts []part
	has := map[rawfmt.Cell]bool{}
	for _, g := range groups {
		parts = append(parts, split(g.cells, g.sel, "1ms", "", 1)...)
		for _, c := range g.cells {
			has[c.Name()] = c.Codec == nil || c.Codec.Name != "goccy" // a build without goccy
		}
	}
	got := codecsByRun(parts, has)
	want := map[string]string{"fastjson,goccy,encoding-json": "encoding-json,fastjson", "json-v2": ""}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("codecsByRun = %q, want %q", got, want)
	}
}
