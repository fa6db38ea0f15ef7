package main

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// rawRun is a whole raw file of two rounds as the runner writes it, from
// machine id at commit.
func rawRun(id, commit string) string {
	var b strings.Builder
	for _, kv := range [][2]string{{rawfmt.KeyCommit, commit}, {rawfmt.KeyMachine, id}, {rawfmt.KeyRounds, "2"}} {
		if kv[1] != "" {
			fmt.Fprintf(&b, "%s: %s\n", kv[0], kv[1])
		}
	}
	cell := rawfmt.Cell{Op: "decode-map", Fixture: "es-hits-10-full", Codec: rawfmt.Base}
	for round := range 2 {
		fmt.Fprintf(&b, "%s-2 100 %d ns/op\n", cell.Name(), 5000+round)
	}
	return b.String()
}

const (
	arm   = "linux-arm64-neoverse-n2"
	amd   = "linux-amd64-amd-epyc"
	run1  = "20261202T010000Z.txt"
	run2  = "20261202T020000Z-instr.txt"
	clean = "1a2b3c4d5e6f"
)

func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, content := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func readTree(t *testing.T, root string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestCollect(t *testing.T) {
	whole := rawRun(arm, clean)
	good := map[string]string{"bench-" + arm + "/" + run1: whole}
	with := func(extra map[string]string) map[string]string {
		return maps.Collect(func(yield func(string, string) bool) {
			for k, v := range good {
				yield(k, v)
			}
			for k, v := range extra {
				yield(k, v)
			}
		})
	}
	tests := []struct {
		name       string
		artifacts  map[string]string // by slash path under the artifacts directory
		results    map[string]string // already in results
		wantPlaced []string          // under results, when none is refused
		wantErr    string            // the one line's, naming the refused file
		refused    string            // the refused file, under artifacts
	}{
		{name: "one machine", artifacts: good, wantPlaced: []string{arm + "/raw/" + run1}},
		{
			name:       "two machines, nested paths",
			artifacts:  with(map[string]string{"bench-" + amd + "/results/" + amd + "/raw/" + run2: rawRun(amd, clean)}),
			results:    map[string]string{amd + "/raw/20261201T000000Z.txt": rawRun(amd, "0f0f0f0f0f0f")},
			wantPlaced: []string{amd + "/raw/" + run2, arm + "/raw/" + run1},
		},
		{name: "cut inside a line", artifacts: with(map[string]string{"b/" + run2: whole[:len(whole)-3]}), refused: "b/" + run2, wantErr: "the last line is cut off"},
		{name: "cut inside the last round", artifacts: with(map[string]string{"b/" + run2: whole[:strings.LastIndex(whole[:len(whole)-1], "\n")+1]}), refused: "b/" + run2, wantErr: "the file ends in round 2 of 2"},
		{name: "a run that did not finish", artifacts: with(map[string]string{"b/." + run2 + rawfmt.PartialSuffix: whole}), refused: "b/." + run2 + rawfmt.PartialSuffix, wantErr: "cut short: a .partial file"},
		{name: "from a dirty tree", artifacts: with(map[string]string{"b/" + run2: rawRun(arm, clean+rawfmt.DirtySuffix)}), refused: "b/" + run2, wantErr: `"` + clean + rawfmt.DirtySuffix + `": not from a committed tree`},
		{name: "from outside a checkout", artifacts: with(map[string]string{"b/" + run2: rawRun(arm, "unknown")}), refused: "b/" + run2, wantErr: "not from a committed tree"},
		{name: "without a commit line", artifacts: with(map[string]string{"b/" + run2: rawRun(arm, "")}), refused: "b/" + run2, wantErr: "not from a committed tree"},
		{name: "already committed", artifacts: with(map[string]string{"b/" + run2: rawRun(amd, clean)}), results: map[string]string{amd + "/raw/" + run2: rawRun(amd, clean)}, refused: "b/" + run2, wantErr: "already in results as"},
		{name: "already committed under another name", artifacts: with(map[string]string{"b/" + run2: rawRun(amd, clean)}), results: map[string]string{"x/raw/" + run1: rawRun(amd, clean)}, refused: "b/" + run2, wantErr: "already in results as"},
		{name: "another run of the same name in results", artifacts: with(map[string]string{"b/" + run2: rawRun(amd, clean)}), results: map[string]string{amd + "/raw/" + run2: rawRun(amd, "0f0f0f0f0f0f")}, refused: "b/" + run2, wantErr: "is already in results"},
		{name: "two copies in the artifacts", artifacts: with(map[string]string{"z/" + run1: whole}), refused: "z/" + run1, wantErr: "a second copy of"},
		{name: "two runs of one name and machine", artifacts: with(map[string]string{"z/" + run1: rawRun(arm, "0f0f0f0f0f0f")}), refused: "z/" + run1, wantErr: "a second run for"},
		{name: "no machine-id line", artifacts: with(map[string]string{"b/" + run2: rawRun("", clean)}), refused: "b/" + run2, wantErr: `machine-id "" is not a machine id`},
		{name: "a machine-id that leaves results", artifacts: with(map[string]string{"b/" + run2: rawRun("../x", clean)}), refused: "b/" + run2, wantErr: `machine-id "../x" is not a machine id`},
		{name: "not a raw file", artifacts: with(map[string]string{"b/notes.md": whole}), refused: "b/notes.md", wantErr: "is not a raw file name"},
		{name: "no results", artifacts: with(map[string]string{"b/" + run2: "BenchmarkOther 1 2 ns/op\n"}), refused: "b/" + run2, wantErr: "no benchmark results"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			artifacts, results := t.TempDir(), t.TempDir()
			writeTree(t, artifacts, tt.artifacts)
			writeTree(t, results, tt.results)
			before := readTree(t, results)
			plan, err := Plan(artifacts, results)
			if err == nil {
				err = Place(plan)
			}
			after := readTree(t, results)
			if tt.wantErr != "" {
				prefix := filepath.Join(artifacts, filepath.FromSlash(tt.refused)) + ": refused: "
				if err == nil || !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), tt.wantErr) || strings.Contains(err.Error(), "\n") {
					t.Errorf("error %v, want one line starting %q and containing %q", err, prefix, tt.wantErr)
				}
				if !maps.Equal(before, after) {
					t.Errorf("results changed: %q, want %q", slices.Sorted(maps.Keys(after)), slices.Sorted(maps.Keys(before)))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var placed []string
			for p, content := range after {
				if _, ok := before[p]; !ok {
					placed = append(placed, p)
					if !slices.Contains(slices.Collect(maps.Values(tt.artifacts)), content) {
						t.Errorf("%s holds what no artifact holds", p)
					}
				}
			}
			if slices.Sort(placed); !slices.Equal(placed, tt.wantPlaced) {
				t.Errorf("placed %q, want %q", placed, tt.wantPlaced)
			}
		})
	}
}

// An artifacts directory without a raw file is an error, and one that does not exist too.
func TestCollectNothing(t *testing.T) {
	for _, dir := range []string{t.TempDir(), filepath.Join(t.TempDir(), "missing")} {
		if _, err := Plan(dir, t.TempDir()); err == nil {
			t.Errorf("%s: no error", dir)
		}
	}
}
