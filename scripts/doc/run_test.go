package main

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/owndoc/page"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// runDocs are documents of different shapes, with the fields a client of
// each uses: product.json is a pretty-printed object with nested objects,
// arrays of objects, nulls, an integer beyond 2^53, keys that are not Go
// identifiers, non-ASCII keys and values and escapes; events.ndjson holds
// objects one a line after a byte-order mark, with keys some lack, an
// integer beyond int64, arrays of arrays and an object keyed by numbers;
// hits.json is an array of objects, measured without fields.
var runDocs = []struct {
	file, fields string
	notes        []string // what the raw file must note
}{
	{"product.json", "id,title,price.amount,items[].sku,seller.address.city,@timestamp,描述", nil},
	{"events.ndjson", "user.name,grid,payload.note,geo.lat,user agent,counters", []string{"skipped the UTF-8 byte-order mark"}},
	{"hits.json", "", []string{"FIELDS is empty: the projection (decode-proj, get5 and the filtered document) is skipped"}},
}

// brokenCodec is a configuration that decodes maps wrongly, which every
// benchmark binary the tests build runs (see TestMain): its decode-map cell
// must be refused and not timed.
const brokenCodec = "broken-map"

// testCodecs are the configurations of the benchmark binaries: the
// registry's and brokenCodec.
var testCodecs codecs.List

// TestRun measures each document in one round of one pair per cell and
// checks that every cell but the refused one was timed against its partner,
// that the raw file alone was written, with the header that says what ran,
// that the user's document and the committed tree were left alone, and that
// the temporary module is gone. The documents are built and measured in
// parallel with each other and with TestInterrupt.
func TestRun(t *testing.T) {
	t.Parallel()
	before := snapshot(t, "../../fixtures", "../../gen")
	t.Cleanup(func() {
		if after := snapshot(t, "../../fixtures", "../../gen"); !maps.Equal(before, after) {
			t.Error("the run changed the committed fixtures/ or gen/")
		}
	})
	for _, d := range runDocs {
		t.Run(d.file, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			src, err := os.ReadFile(filepath.Join("testdata", d.file))
			if err != nil {
				t.Fatal(err)
			}
			doc := filepath.Join(dir, d.file)
			if err := os.WriteFile(doc, src, 0o444); err != nil {
				t.Fatal(err)
			}
			results := filepath.Join(dir, "results")
			o := options{doc: doc, fields: d.fields, rounds: 1, slice: 100 * time.Microsecond, pairs: 1, perRequest: 3, qps: 250, seed: 42, results: results}
			var stderr bytes.Buffer
			if err := run(context.Background(), o, &stderr); err != nil {
				t.Fatalf("%v\n%s", err, stderr.String())
			}
			if got, _ := os.ReadFile(doc); !bytes.Equal(got, src) {
				t.Error("the document changed")
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 2 {
				t.Errorf("%d entries beside the document, want it and results/", len(entries))
			}
			if m := regexp.MustCompile(`benchmark of .* in (\S+)…`).FindStringSubmatch(stderr.String()); m == nil {
				t.Error("the temporary module is not named on stderr")
			} else if _, err := os.Stat(m[1]); !os.IsNotExist(err) {
				t.Errorf("the temporary module %s is still there: %v", m[1], err)
			}
			name := page.DocName(d.file)
			refused := rawfmt.Cell{Op: string(codecs.DecodeMap), Fixture: name, Codec: brokenCodec}
			if want := "  " + refused.Sub() + ": sample 1: gate: codec " + brokenCodec + ": decode-map"; !strings.Contains(stderr.String(), want) {
				t.Errorf("stderr does not name the refused cell and its sample, %q:\n%s", want, stderr.String())
			}
			checkRaw(t, results, name, d.fields, d.notes, refused)
		})
	}
}

// checkRaw checks the raw file of a run of one round of one pair per cell.
func checkRaw(t *testing.T, results, name, fields string, notes []string, refused rawfmt.Cell) {
	t.Helper()
	raws, _ := filepath.Glob(filepath.Join(results, "*", "*", "*"))
	if want := page.Dir(name, fields); len(raws) != 1 || filepath.Base(raws[0]) != page.RawFile || filepath.Base(filepath.Dir(raws[0])) != want {
		t.Fatalf("files written: %q, want one results/<machine-id>/%s/%s (the page is make report's)", raws, want, page.RawFile)
	}
	data, err := os.ReadFile(raws[0])
	if err != nil {
		t.Fatal(err)
	}
	units := map[rawfmt.Cell][]string{} // the units of each cell's result lines
	var config map[string]string
	r := benchfmt.NewReader(bytes.NewReader(data), raws[0])
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			t.Fatalf("raw file: %v", r.Result())
		}
		if config == nil {
			config = map[string]string{}
			for _, c := range res.Config {
				config[c.Key] = string(c.Value)
			}
		}
		if c, ok := rawfmt.ParseCell(res.Name); ok {
			for _, v := range res.Values {
				units[c] = append(units[c], cmp.Or(v.OrigUnit, v.Unit))
			}
		}
	}
	machine := filepath.Base(filepath.Dir(filepath.Dir(raws[0])))
	// A stat, not a listing of results/: a new committed run must not make
	// go test rerun this test.
	if committed := filepath.Join("..", "..", "results", machine, page.Dir(name, fields)); exists(committed) {
		t.Errorf("the run wrote into the committed results/: %s", committed)
	}
	want := map[string]string{
		rawfmt.KeyMachine: machine, rawfmt.KeyMeter: rawfmt.MeterPaired, rawfmt.KeyRounds: "1", rawfmt.KeyPairs: "1",
		rawfmt.KeySlice: "100µs", rawfmt.KeyAnchor: name, rawfmt.KeyOrderSeed: "42", rawfmt.KeyGOMAXPROCS: "1", rawfmt.KeyGOGC: "off",
		rawfmt.KeyLayouts: strconv.FormatInt(runner.LayoutSeeds(42, 1)[0], 10), rawfmt.KeyRace: "false",
		page.KeyQPS: "250", page.KeyPerRequest: "3", page.KeyDocFields: fields, page.KeyGateFailed: "1",
		rawfmt.KeyCodecPrefix + brokenCodec: "std@" + runtime.Version() + " std native",
	}
	for key, v := range want {
		if config[key] != v {
			t.Errorf("raw file: %s: %q, want %q", key, config[key], v)
		}
	}
	for _, n := range notes {
		if !slices.ContainsFunc(slices.Collect(maps.Keys(config)), func(k string) bool {
			return strings.HasPrefix(k, page.KeyNotePrefix) && strings.Contains(config[k], n)
		}) {
			t.Errorf("raw file: no %s<n> line notes %q", page.KeyNotePrefix, n)
		}
	}
	if !strings.HasPrefix(machine, runtime.GOOS+"-"+runtime.GOARCH+"-") {
		t.Errorf("results directory of machine %q", machine)
	}
	if f := config[page.KeyFailPrefix+"1"]; !strings.HasPrefix(f, refused.Sub()+": sample 1: gate: codec "+brokenCodec) {
		t.Errorf("raw file: the refused cell is recorded as %q", f)
	}
	// Every configuration on every operation it supports, and with fields
	// decode-struct on the filtered copy too, each timed against its partner.
	wantUnits := map[rawfmt.Cell][]string{}
	for _, op := range jsoncost.DocumentOps {
		fixtures := []string{name}
		switch {
		case fields == "" && (op == codecs.DecodeProj || op == codecs.Get5):
			continue
		case fields != "" && op == codecs.DecodeStruct:
			fixtures = append(fixtures, name+rawfmt.FilteredSuffix)
		}
		for _, f := range fixtures {
			for _, c := range testCodecs {
				cell := rawfmt.Cell{Op: string(op), Fixture: f, Codec: c.Name}
				if !c.Supports(op) || cell == refused {
					continue
				}
				partner := rawfmt.UnitBaseNs
				if c.Name == rawfmt.BaseOf(string(op)) {
					partner = rawfmt.UnitAnchorNs
				}
				wantUnits[cell] = []string{rawfmt.UnitNs, rawfmt.UnitB, rawfmt.UnitAllocs, partner, rawfmt.UnitFields, rawfmt.UnitDocB}
			}
		}
	}
	for cell, want := range wantUnits {
		if got := units[cell]; !slices.Equal(got, want) {
			t.Errorf("%s: one result line in %q, want one in %q", cell, got, want)
		}
	}
	for cell := range units {
		if _, ok := wantUnits[cell]; !ok {
			t.Errorf("%s was timed, want it left out", cell)
		}
	}
}

// snapshot returns the hash of every file under the directories.
func snapshot(t *testing.T, dirs ...string) map[string][32]byte {
	t.Helper()
	files := map[string][32]byte{}
	for _, dir := range dirs {
		err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			data, err := os.ReadFile(path)
			files[path] = sha256.Sum256(data)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return files
}

// TestPlan checks the pairing of a document's cells: each with the base of
// its operation on its document, each base with the base on the document
// itself, the filtered copy's base included; a cell whose partner the gate
// refused is left out and reported, beside the cells the gate refused.
func TestPlan(t *testing.T) {
	cell := func(op, fixture, codec string) rawfmt.Cell {
		return rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}
	}
	var (
		base         = cell("decode-struct", "doc", rawfmt.Base)
		goccy        = cell("decode-struct", "doc", "goccy")
		filtered     = cell("decode-struct", "doc-filtered", rawfmt.Base)
		goccyFilt    = cell("decode-struct", "doc-filtered", "goccy")
		v2           = cell("get5", "doc", rawfmt.V2Base)
		gjson        = cell("get5", "doc", "gjson")
		all          = []rawfmt.Cell{base, goccy, filtered, goccyFilt, v2, gjson}
		refusedGoccy = page.Failure{Cell: goccy, Err: "sample 2: gate: wrong"}
	)
	tests := []struct {
		name     string
		listed   []rawfmt.Cell
		refused  []page.Failure
		pairs    []string // "cell partner unit", by block
		failures []string // "cell: why"
		err      string
	}{
		{"all passed", all, nil, []string{
			"decode-struct doc: " + base.Sub() + " " + base.Sub() + " " + rawfmt.UnitAnchorNs,
			"decode-struct doc: " + goccy.Sub() + " " + base.Sub() + " " + rawfmt.UnitBaseNs,
			"decode-struct doc-filtered: " + filtered.Sub() + " " + base.Sub() + " " + rawfmt.UnitAnchorNs,
			"decode-struct doc-filtered: " + goccyFilt.Sub() + " " + filtered.Sub() + " " + rawfmt.UnitBaseNs,
			"get5 doc: " + v2.Sub() + " " + v2.Sub() + " " + rawfmt.UnitAnchorNs,
			"get5 doc: " + gjson.Sub() + " " + v2.Sub() + " " + rawfmt.UnitBaseNs,
		}, nil, ""},
		{"a refused cell", all, []page.Failure{refusedGoccy}, []string{
			"decode-struct doc: " + base.Sub() + " " + base.Sub() + " " + rawfmt.UnitAnchorNs,
			"decode-struct doc-filtered: " + filtered.Sub() + " " + base.Sub() + " " + rawfmt.UnitAnchorNs,
			"decode-struct doc-filtered: " + goccyFilt.Sub() + " " + filtered.Sub() + " " + rawfmt.UnitBaseNs,
			"get5 doc: " + v2.Sub() + " " + v2.Sub() + " " + rawfmt.UnitAnchorNs,
			"get5 doc: " + gjson.Sub() + " " + v2.Sub() + " " + rawfmt.UnitBaseNs,
		}, []string{goccy.Sub() + ": sample 2: gate: wrong"}, ""},
		{"a refused base", all, []page.Failure{{Cell: filtered, Err: "sample 1: gate: wrong"}}, []string{
			"decode-struct doc: " + base.Sub() + " " + base.Sub() + " " + rawfmt.UnitAnchorNs,
			"decode-struct doc: " + goccy.Sub() + " " + base.Sub() + " " + rawfmt.UnitBaseNs,
			"get5 doc: " + v2.Sub() + " " + v2.Sub() + " " + rawfmt.UnitAnchorNs,
			"get5 doc: " + gjson.Sub() + " " + v2.Sub() + " " + rawfmt.UnitBaseNs,
		}, []string{
			filtered.Sub() + ": sample 1: gate: wrong",
			goccyFilt.Sub() + ": not timed: its partner " + filtered.Sub() + " failed the correctness gate",
		}, ""},
		{"no base", []rawfmt.Cell{goccy}, nil, nil, nil, goccy.Sub() + ": the benchmark binary has no " + base.Sub() + " cell to pair it with"},
		{"every cell refused", []rawfmt.Cell{base}, []page.Failure{{Cell: base, Err: "wrong"}}, nil, nil, "no cell passed the correctness gate; nothing to time"},
	}
	for _, tt := range tests {
		in := &inspection{failures: tt.refused}
		for i, c := range tt.listed {
			in.listed = append(in.listed, runner.Listed{Cell: c, Fields: float64(i), DocBytes: 100})
		}
		var stderr bytes.Buffer
		p, err := newPlan(in, "doc", &stderr)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		var pairs, failures []string
		blocks := map[string]bool{}
		for _, b := range p.blocks {
			if blocks[b.Name] {
				t.Errorf("%s: two blocks are named %s: the cells of one operation and document are measured in one", tt.name, b.Name)
			}
			blocks[b.Name] = true
			for _, pr := range b.Pairs {
				pairs = append(pairs, b.Name+": "+pr.Cell.Sub()+" "+pr.Partner.Sub()+" "+pr.Unit)
				if size, want := p.sizes[pr.Cell], float64(slices.Index(tt.listed, pr.Cell)); size.Fields != want || size.DocBytes != 100 {
					t.Errorf("%s: %s has size %+v, want %v fields of 100 bytes", tt.name, pr.Cell, size, want)
				}
			}
		}
		for _, f := range p.failures {
			failures = append(failures, f.Cell.Sub()+": "+f.Err)
		}
		if !slices.Equal(pairs, tt.pairs) || !slices.Equal(failures, tt.failures) {
			t.Errorf("%s: pairs\n%s\nfailures %q; want\n%s\nand %q", tt.name, strings.Join(pairs, "\n"), failures, strings.Join(tt.pairs, "\n"), tt.failures)
		}
		for _, f := range failures[len(tt.refused):] {
			if !strings.Contains(stderr.String(), "  "+f+"\n") {
				t.Errorf("%s: stderr does not say %q", tt.name, f)
			}
		}
	}
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
