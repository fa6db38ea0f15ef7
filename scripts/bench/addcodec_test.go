package main

import (
	"bytes"
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/codecs/codectest"
	"github.com/jsoncost/jsoncost/codecs/probes"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/site"
)

// TestAddACodec walks the suite's whole path the way a user adds a codec:
// configurations the registry does not list join the runner's list (this
// process) and, through codectest.Env, the benchmark binary's and the probe
// children's. A full codec that writes map keys unsorted, declared
// fast, passes the category check and is timed beside encoding-json; a
// get5-only one (fastjson as the README adds it) is timed beside json-v2,
// the base of get5; the report gives them tables, fits and charts. A
// broken variant in the binary is refused by the correctness gate and
// leaves no result behind.
func TestAddACodec(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the benchmark binary, the probes and the report")
	}
	const name, getName = "e2e-added-codec", "e2e-added-getter"
	list := codecs.All()
	for _, c := range []struct{ name, variant string }{{name, "unsorted"}, {getName, "get5"}} {
		added, err := codectest.New(c.name, c.variant)
		if err == nil {
			list, err = list.With(added)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(codectest.Env, name+":unsorted")
	checkCategory(t, list, name)

	// bench runs make bench CODECS=codec, the benchmark binary adding env, and make report; it returns
	// the runner's stderr and the raw file and pages, by path.
	bench := func(codec, env string) (string, map[string]string) {
		t.Helper()
		o := options{
			sel:    rawfmt.Selection{Codecs: codec, Ops: "decode-map,encode-map,get5", Fixtures: "fields-000[125],fields-00[125]0"},
			rounds: 2, slice: 100 * time.Microsecond, pairs: 2, layouts: 2, results: t.TempDir(), bins: []string{realBinary(t)}, codecs: list,
		}
		t.Setenv(codectest.Env, env)
		var stderr bytes.Buffer
		if err := run(context.Background(), o, &stderr); err != nil {
			t.Fatalf("make bench CODECS=%s: %v\n%s", codec, err, stderr.String())
		}
		if raws := files(t, o.results, ".txt"); len(raws) != 1 {
			t.Fatalf("the run wrote %d raw files, want 1: %v", len(raws), raws)
		}
		var report bytes.Buffer
		if err := site.Build(o.results, "", &report, &report); err != nil {
			t.Fatalf("make report: %v\n%s", err, report.String())
		}
		return stderr.String(), files(t, o.results, ".txt", ".md", ".csv", ".svg")
	}
	// has reports whether a file of out whose path has suffix holds every one of words.
	has := func(out map[string]string, suffix string, words ...string) bool {
		return slices.ContainsFunc(slices.Collect(maps.Keys(out)), func(path string) bool {
			return strings.HasSuffix(path, suffix) && !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(out[path], w) })
		})
	}
	cell := func(op, codec string) string { return "op=" + op + "/fixture=fields-0050/codec=" + codec + "\t" }

	stderr, out := bench(name, name+":unsorted")
	if !strings.Contains(stderr, "adding "+rawfmt.Base+" (the base of decode-map, encode-map) to the codecs") {
		t.Errorf("the runner did not say it added the base configuration:\n%s", stderr)
	}
	if !has(out, ".txt", rawfmt.CodecConfig{Name: name}.Key()+": ", cell("encode-map", name), cell("encode-map", rawfmt.Base)) {
		t.Errorf("no raw file has %s's configuration line and its cells beside %s's", name, rawfmt.Base)
	}
	for _, kind := range []struct{ what, suffix string }{{"page", "README.md"}, {"benchstat table", "tables/encode-map.txt"}, {"fit", "model.csv"}, {"chart", ".svg"}} {
		if !has(out, kind.suffix, name, rawfmt.Base) {
			t.Errorf("no %s names %s beside %s", kind.what, name, rawfmt.Base)
		}
	}

	stderr, out = bench(getName, getName+":get5")
	if !strings.Contains(stderr, "adding "+probes.V2Reference+" (the base of get5) to the codecs") || strings.Contains(stderr, "adding "+rawfmt.Base) {
		t.Errorf("the runner did not say it added %s alone:\n%s", probes.V2Reference, stderr)
	}
	if !has(out, ".txt", cell("get5", getName), cell("get5", probes.V2Reference)) {
		t.Errorf("no raw file has %s's get5 cells beside %s's", getName, probes.V2Reference)
	}
	if !has(out, "README.md", getName, probes.V2Reference) {
		t.Errorf("no page names %s beside %s", getName, probes.V2Reference)
	}

	t.Setenv(codectest.Env, name+":broken")
	o := options{sel: rawfmt.Selection{Codecs: name, Ops: "decode-map", Fixtures: "fields-0005"}, rounds: 1, slice: 100 * time.Microsecond,
		pairs: 2, layouts: 1, results: t.TempDir(), bins: []string{realBinary(t)}, codecs: list}
	var refused bytes.Buffer
	err := run(context.Background(), o, &refused)
	if err == nil {
		t.Fatalf("the gate let a broken codec through:\n%s", refused.String())
	}
	if !strings.Contains(refused.String()+err.Error(), "gate: codec "+name+": decode-map: differs at") {
		t.Errorf("the refusal does not name the codec, the operation and the path: %v\n%s", err, refused.String())
	}
	if raws := files(t, o.results, ".txt"); len(raws) != 0 {
		t.Errorf("a refused run left results: %v", raws)
	}
}

// checkCategory runs the probes on the configuration of cs called name,
// which skips map key sorting: declared fast it passes, declared v2, as json-v2
// leaves map keys unsorted too, it fails naming the rule and the probe.
func checkCategory(t *testing.T, cs codecs.List, name string) {
	t.Helper()
	picked, err := cs.Select(strings.Join([]string{probes.Reference, probes.V2Reference, name}, ","))
	if err != nil {
		t.Fatal(err)
	}
	res, err := probes.Run(probes.Probes(), picked, probes.Options{})
	if err != nil {
		t.Fatal(err)
	}
	added := picked[2]
	if err := probes.CheckCategory(added, res); err != nil || added.Category != codecs.Fast {
		t.Errorf("declared %s with Skips %q: %v", added.Category, added.Skips, err)
	}
	asV2 := *added
	asV2.Category = codecs.V2
	err = probes.CheckCategory(&asV2, res)
	for _, want := range []string{"make it fast by rule 6 (work left out): leaves out work: map key order", "rule 5 (v2 semantics) does not hold"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("declared v2: %v, want an error containing %q", err, want)
		}
	}
}

// files returns the contents of the files under dir whose names end in
// one of suffixes, by path relative to dir.
func files(t *testing.T, dir string, suffixes ...string) map[string]string {
	t.Helper()
	got := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		for _, s := range suffixes {
			if strings.HasSuffix(path, s) {
				data, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				rel, _ := filepath.Rel(dir, path)
				got[filepath.ToSlash(rel)] = string(data)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}
