package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// root is the repository root, where the commands run.
const root = "../.."

// goRun runs a command of the suite with the test codec registered.
func goRun(t *testing.T, codec string, args ...string) (stderr string, err error) {
	t.Helper()
	cmd := exec.Command("go", append([]string{"run"}, args...)...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), codecs.TestCodecEnv+"="+codec)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	return out.String(), err
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

func TestAddACodec(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the runner, the benchmark binary and the report")
	}
	const name = "e2e-added-codec"
	results := t.TempDir()
	bench := []string{"./scripts/bench", "-codecs", name, "-ops", "decode-map,encode-struct",
		"-fixtures", "fields-000[125],fields-00[125]0", "-rounds", "2", "-benchtime", "1ms", "-results", results}

	out, err := goRun(t, name, bench...)
	if err != nil {
		t.Fatalf("make bench CODECS=%s: %v\n%s", name, err, out)
	}
	if !strings.Contains(out, "adding "+rawfmt.Base) {
		t.Errorf("the runner did not say it added the base configuration:\n%s", out)
	}
	raws := files(t, results, ".txt")
	if len(raws) != 1 {
		t.Fatalf("the run wrote %d raw files, want 1: %v", len(raws), raws)
	}
	for path, raw := range raws {
		if !strings.Contains(raw, rawfmt.CodecConfig{Name: name}.Key()+": ") || !strings.Contains(raw, rawfmt.KeyCodec+"="+name+"-") {
			t.Fatalf("%s lacks the new codec's configuration line or results", path)
		}
	}

	if out, err := goRun(t, name, "./scripts/report", "-results", results); err != nil {
		t.Fatalf("make report: %v\n%s", err, out)
	}
	for _, kind := range []struct{ what, suffix string }{
		{"page", "README.md"}, {"benchstat table", ".txt"}, {"fit", "model.csv"}, {"chart", ".svg"},
	} {
		found := false
		for path, data := range files(t, results, kind.suffix) {
			if strings.Contains(path, "raw/") {
				continue
			}
			found = found || strings.Contains(data, name) && strings.Contains(data, rawfmt.Base)
		}
		if !found {
			t.Errorf("no %s names %s beside encoding-json", kind.what, name)
		}
	}

	broken := t.TempDir()
	out, err = goRun(t, name+":broken", append(bench[:len(bench)-1:len(bench)-1], broken)...)
	if err == nil {
		t.Fatalf("the gate let a broken codec through:\n%s", out)
	}
	if !strings.Contains(out, "gate: codec "+name+": decode-map: differs at") {
		t.Errorf("the refusal does not name the codec, the operation and the path:\n%s", out)
	}
	if raws := files(t, broken, ".txt"); len(raws) != 0 {
		t.Errorf("a refused run left results: %v", raws)
	}
}
