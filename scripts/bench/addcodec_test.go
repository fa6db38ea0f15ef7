package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs/codectest"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestAddACodec walks the suite's whole path the way a user adds a codec:
// a configuration the registry does not list is registered in the runner
// (this process) and, through codectest.Env, in the benchmark binary; the
// runner times it beside encoding-json, and the report gives it tables,
// fits and charts. A broken variant in the binary is refused by the
// correctness gate and leaves no result behind.
func TestAddACodec(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the benchmark binary and builds the report")
	}
	const name = "e2e-added-codec"
	unregister, err := codectest.Register(name, false)
	if err != nil {
		t.Fatal(err)
	}
	defer unregister()
	o := options{
		sel:    rawfmt.Selection{Codecs: name, Ops: "decode-map,encode-struct", Fixtures: "fields-000[125],fields-00[125]0"},
		rounds: 2, benchtime: "1ms", fieldsPasses: 1, results: t.TempDir(), bin: realBinary(t),
	}
	t.Setenv(codectest.Env, name)
	var stderr bytes.Buffer
	if err := run(context.Background(), o, &stderr); err != nil {
		t.Fatalf("make bench CODECS=%s: %v\n%s", name, err, stderr.String())
	}
	if !strings.Contains(stderr.String(), "adding "+rawfmt.Base) {
		t.Errorf("the runner did not say it added the base configuration:\n%s", stderr.String())
	}
	raws := files(t, o.results, ".txt")
	if len(raws) != 1 {
		t.Fatalf("the run wrote %d raw files, want 1: %v", len(raws), raws)
	}
	for path, raw := range raws {
		if !strings.Contains(raw, rawfmt.CodecConfig{Name: name}.Key()+": ") || !strings.Contains(raw, rawfmt.KeyCodec+"="+name+"-") {
			t.Fatalf("%s lacks the new codec's configuration line or results", path)
		}
	}

	report := exec.Command("go", "run", "./scripts/report", "-results", o.results)
	report.Dir = "../.."
	if out, err := report.CombinedOutput(); err != nil {
		t.Fatalf("make report: %v\n%s", err, out)
	}
	for _, kind := range []struct{ what, suffix string }{
		{"page", "README.md"}, {"benchstat table", ".txt"}, {"fit", "model.csv"}, {"chart", ".svg"},
	} {
		found := false
		for path, data := range files(t, o.results, kind.suffix) {
			if strings.Contains(path, "raw/") {
				continue
			}
			found = found || strings.Contains(data, name) && strings.Contains(data, rawfmt.Base)
		}
		if !found {
			t.Errorf("no %s names %s beside encoding-json", kind.what, name)
		}
	}

	t.Setenv(codectest.Env, name+":broken")
	o.results = t.TempDir()
	stderr.Reset()
	err = run(context.Background(), o, &stderr)
	if err == nil {
		t.Fatalf("the gate let a broken codec through:\n%s", stderr.String())
	}
	if !strings.Contains(stderr.String()+err.Error(), "gate: codec "+name+": decode-map: differs at") {
		t.Errorf("the refusal does not name the codec, the operation and the path: %v\n%s", err, stderr.String())
	}
	if raws := files(t, o.results, ".txt"); len(raws) != 0 {
		t.Errorf("a refused run left results: %v", raws)
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
