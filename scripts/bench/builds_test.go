package main

import (
	"context"
	"debug/buildinfo"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
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

// TestCheck: a build whose binary says another Go, another GOEXPERIMENT or
// another engine of encoding/json than its name gives is refused.
func TestCheck(t *testing.T) {
	info := func(goVersion, exp, engine string) []string {
		return []string{"go: " + goVersion, "goexperiment: " + exp, "encoding-json-engine: " + engine}
	}
	tests := []struct {
		name    string
		info    []string
		wantErr string
	}{
		{"go1.26.8", info("go1.26.8", "", "v1-engine"), ""},
		{"go1.27.3", info("go1.27.3", "", "v2-engine"), ""},
		{"go1.27.3+nojsonv2", info("go1.27.3-X:nojsonv2", "nojsonv2", "v1-engine"), ""},
		{"go1.27.3+nojsonv2", info("go1.27.3", "", "v2-engine"), `built with GOEXPERIMENT ""`},
		{"go1.27.3+nojsonv2", info("go1.27.3-X:nojsonv2", "nojsonv2", "v2-engine"), "runs encoding/json on the v2-engine, not the v1-engine"},
		{"go1.26.8", info("go1.27.3", "", "v2-engine"), `its binary says go "go1.27.3"`},
	}
	for _, tt := range tests {
		bs, err := parseBuilds(tt.name + " go1.99.1")
		if err != nil {
			t.Fatal(err)
		}
		err = bs[0].check(tt.info)
		if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%s with %q: %v, want %q", tt.name, tt.info, err, tt.wantErr)
		}
	}
}

// TestEnv: a build's binary is compiled with its toolchain and every
// experiment its name gives (an empty GOEXPERIMENT for none, which keeps
// the caller's out); the running toolchain's build sets nothing.
func TestEnv(t *testing.T) {
	tests := []struct {
		name string
		want []string
	}{
		{"go1.26.8", []string{"GOTOOLCHAIN=go1.26.8", "GOEXPERIMENT="}},
		{"go1.27.3+nojsonv2", []string{"GOTOOLCHAIN=go1.27.3", "GOEXPERIMENT=nojsonv2"}},
		{"go1.27.3+nojsonv2+greenteagc", []string{"GOTOOLCHAIN=go1.27.3", "GOEXPERIMENT=nojsonv2,greenteagc"}},
	}
	for _, tt := range tests {
		bs, err := parseBuilds(tt.name + " go1.99.1")
		if err != nil {
			t.Fatal(err)
		}
		if got := bs[0].env(); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("build %s: env %q, want %q", tt.name, got, tt.want)
		}
	}
	if got := (&build{}).env(); got != nil {
		t.Errorf("the running toolchain's build: env %q, want none", got)
	}
}

// TestUpgradePlan pairs each cell of a later build with itself in the
// first, and every cell with its partner within its build, where the
// builds have the cells.
func TestUpgradePlan(t *testing.T) {
	p, err := newPlan(codecs.All(), rawfmt.Selection{Codecs: "goccy,json-v2", Ops: "decode-map", Fixtures: "fields-0005"})
	if err != nil {
		t.Fatal(err)
	}
	c := func(codec string) rawfmt.Cell {
		return rawfmt.Cell{Op: "decode-map", Fixture: "fields-0005", Codec: codec}
	}
	anchor := rawfmt.Cell{Op: "decode-map", Fixture: rawfmt.Anchor, Codec: rawfmt.Base}
	listed := func(cells ...rawfmt.Cell) []runner.Listed {
		var l []runner.Listed
		for _, c := range cells {
			l = append(l, runner.Listed{Cell: c})
		}
		return l
	}
	bs := []build{{name: "old", listed: listed(c(rawfmt.Base), c("goccy"), c(rawfmt.Floor), anchor)},
		{name: "new", listed: listed(c(rawfmt.Base), c("goccy"), c("json-v2"), c(rawfmt.Floor), anchor)}}
	got := map[string]bool{}
	for _, b := range upgradePlan(bs, p) {
		for _, pr := range b.Pairs {
			got[pr.Cell.Codec+"@"+bs[pr.Build].name+" vs "+pr.Partner.Codec+"@"+bs[pr.PartnerBuild].name+" "+pr.Unit] = true
		}
	}
	for _, w := range []string{
		"goccy@old vs encoding-json@old " + rawfmt.UnitBaseNs,
		"goccy@new vs encoding-json@new " + rawfmt.UnitBaseNs,
		"goccy@new vs goccy@old " + rawfmt.UnitFirstBuildNs,
		"json-v2@new vs encoding-json@new " + rawfmt.UnitBaseNs,
		"encoding-json@new vs encoding-json@old " + rawfmt.UnitFirstBuildNs,
	} {
		if !got[w] {
			t.Errorf("no pair %s in %v", w, got)
		}
	}
	for g := range got {
		if strings.HasPrefix(g, "json-v2@old") || strings.Contains(g, "json-v2@old") {
			t.Errorf("a pair of a cell the old build lacks: %s", g)
		}
	}
}

// TestCompileLayouts builds the benchmark binary in two layouts: each
// binary records its seed in its build information, and the two differ.
func TestCompileLayouts(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the benchmark binary twice")
	}
	realBinary(t) // fills the build cache, so that these only link
	dir := t.TempDir()
	seeds := []int64{11, 22}
	mb, err := compile(context.Background(), &build{}, seeds, dir, os.Stderr, nil)
	if err != nil {
		t.Fatal(err)
	}
	var contents [][]byte
	for i, b := range mb.Layouts {
		bi, err := buildinfo.ReadFile(b.Path)
		if err != nil {
			t.Fatal(err)
		}
		ldflags := ""
		for _, s := range bi.Settings {
			if s.Key == "-ldflags" {
				ldflags = s.Value
			}
		}
		if want := "-randlayout=" + []string{"11", "22"}[i]; !strings.Contains(ldflags, want) {
			t.Errorf("%s: -ldflags %q, want %s", filepath.Base(b.Path), ldflags, want)
		}
		data, err := os.ReadFile(b.Path)
		if err != nil {
			t.Fatal(err)
		}
		contents = append(contents, data)
	}
	if string(contents[0]) == string(contents[1]) {
		t.Error("the two layouts gave the same binary")
	}
}
