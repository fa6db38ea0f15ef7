package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/owndoc/page"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
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
	notes        []string // what the page must note
}{
	{"product.json", "id,title,price.amount,items[].sku,seller.address.city,@timestamp,描述", nil},
	{"events.ndjson", "user.name,grid,payload.note,geo.lat,user agent,counters", []string{"skipped the UTF-8 byte-order mark"}},
	{"hits.json", "", []string{"FIELDS is empty: the projection (decode-proj, get5 and the filtered document) is skipped"}},
}

// brokenCodec is a configuration that decodes maps wrongly, registered in
// every benchmark binary the tests build (see TestMain): its decode-map
// cell must be refused and not timed.
const brokenCodec = "broken-map"

// TestRun measures each document with one iteration per cell and checks
// that every cell passed the gate and was timed, that the raw file alone
// was written and the page printed is the one it gives, that the user's document and the
// committed tree were left alone, and that the temporary module is gone.
// The documents are built and measured in parallel with each other and
// with TestInterrupt.
func TestRun(t *testing.T) {
	t.Parallel()
	before := snapshot(t, "../../fixtures", "../../gen")
	docDirs := func() []string {
		dirs, _ := filepath.Glob("../../results/*/doc-*")
		return dirs
	}
	beforeDirs := docDirs()
	t.Cleanup(func() {
		if after := snapshot(t, "../../fixtures", "../../gen"); !maps.Equal(before, after) {
			t.Error("the run changed the committed fixtures/ or gen/")
		}
		if after := docDirs(); !slices.Equal(beforeDirs, after) {
			t.Errorf("the run wrote into the committed results/: %q", after)
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
			o := options{doc: doc, fields: d.fields, rounds: 1, benchtime: "1x", perRequest: 3, qps: 250, results: results}
			var stdout, stderr bytes.Buffer
			if err := run(context.Background(), o, &stdout, &stderr); err != nil {
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
			checkResults(t, results, d.file, d.fields, d.notes, brokenCodec, stdout.Bytes())
		})
	}
}

// checkResults checks the raw file of one run and the page it printed.
func checkResults(t *testing.T, results, file, fields string, notes []string, broken string, printed []byte) {
	t.Helper()
	name := page.DocName(file)
	raws, _ := filepath.Glob(filepath.Join(results, "*", "*", "*"))
	if want := page.Dir(name, fields); len(raws) != 1 || filepath.Base(raws[0]) != page.RawFile || filepath.Base(filepath.Dir(raws[0])) != want {
		t.Fatalf("files written: %q, want one results/<machine-id>/%s/%s (the page is make report's)", raws, want, page.RawFile)
	}
	dir, text := filepath.Dir(raws[0]), printed
	run, err := load.Load(load.Raw{Path: filepath.Join(dir, page.RawFile), File: page.RawFile})
	if err != nil {
		t.Fatal(err)
	}
	if rebuilt, err := page.FromRun(run, name, page.RawFile); err != nil || !bytes.Equal(rebuilt, printed) {
		t.Errorf("the page rebuilt from the raw file differs from the page printed (%v)", err)
	}
	if v, _ := run.Value(rawfmt.KeyMachine); filepath.Base(filepath.Dir(dir)) != v || !strings.HasPrefix(v, runtime.GOOS+"-"+runtime.GOARCH+"-") {
		t.Errorf("results directory %s, machine-id %q", dir, v)
	}
	ops := jsoncost.DocumentOps
	if fields == "" {
		ops = slices.DeleteFunc(slices.Clone(ops), func(op codecs.Op) bool { return op == codecs.DecodeProj || op == codecs.Get5 })
	}
	for _, op := range ops {
		for _, c := range codecs.All() {
			if !c.Supports(op) {
				continue
			}
			if len(run.Ns(string(op), name, c.Name)) != 1 {
				t.Errorf("%s %s: %d results, want one", op, c.Name, len(run.Ns(string(op), name, c.Name)))
			}
		}
	}
	if filtered := len(run.Ns(string(codecs.DecodeStruct), name+rawfmt.FilteredSuffix, rawfmt.Base)); (fields != "") != (filtered == 1) {
		t.Errorf("fields %q: %d results of the filtered document", fields, filtered)
	}
	if run.Has(string(codecs.DecodeMap), broken) || !run.Has(string(codecs.DecodeStruct), broken) {
		t.Errorf("%s: its refused decode-map cell was timed, or its other cells were not", broken)
	}
	for key, want := range map[string]string{page.KeyQPS: "250", page.KeyPerRequest: "3", page.KeyDocFields: fields} {
		if v, _ := run.Value(key); v != want {
			t.Errorf("raw file: %s: %q, want %q", key, v, want)
		}
	}
	// One round gives no interval, so the page states no finding.
	wantText := slices.Concat([]string{
		"## No finding", " have fewer than 6 samples, too few for a 95% interval of their median: that takes at least 6 rounds (this run: 1).",
		"1 cells failed the correctness gate and were not timed", "- decode-map on `" + name + "` with " + broken + ": sample ",
		"## Every codec, per operation",
	}, notes)
	for _, want := range wantText {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("the page does not say %q", want)
		}
	}
	if bytes.Contains(text, []byte("## Which codec")) {
		t.Error("a page of one round names a codec to use")
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
