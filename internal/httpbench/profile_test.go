package httpbench

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestProfiler checks that the profile endpoint starts one profile at a time and returns it when
// stopped, and that ProfileSet labels every sample with its cell and merges a scenario's profiles.
func TestProfiler(t *testing.T) {
	srv := httptest.NewServer(&Profiler{})
	defer srv.Close()
	ctx, client := t.Context(), srv.Client()
	if _, err := Profile(ctx, client, srv.URL, false); err == nil || !strings.Contains(err.Error(), "409") {
		t.Errorf("stopping before a start: error %v, want a conflict", err)
	}
	if _, err := Profile(ctx, client, srv.URL, true); err != nil {
		t.Fatal(err)
	}
	if _, err := Profile(ctx, client, srv.URL, true); err == nil {
		t.Errorf("a second start succeeded")
	}
	data, err := Profile(ctx, client, srv.URL, false)
	if err != nil {
		t.Fatal(err)
	}
	set := ProfileSet{}
	base := Base(4)
	for round := 1; round <= 2; round++ {
		for _, l := range []rawfmt.HTTPLoad{{Workers: 4}, {Rate: 10}} {
			if err := set.Add(rawfmt.HTTPCell{Scenario: base, Load: l}, round, data); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := set.Add(rawfmt.HTTPCell{Scenario: base, Load: rawfmt.HTTPLoad{Workers: 4}}, 3, []byte("not a profile")); err == nil {
		t.Errorf("a bad profile was added")
	}
	dir := t.TempDir()
	if err := set.Write(dir); err != nil {
		t.Fatal(err)
	}
	files, _ := os.ReadDir(dir)
	var p *profile.Profile
	if data, err = os.ReadFile(filepath.Join(dir, ProfileFile("base"))); err == nil {
		p, err = profile.ParseData(data)
	}
	if err != nil || len(files) != 1 {
		t.Fatalf("files %d, base: %v", len(files), err)
	}
	if p.SampleType[len(p.SampleType)-1].Type != "cpu" {
		t.Errorf("sample types %v", p.SampleType)
	}
	for _, s := range p.Sample {
		if len(s.Label[LabelLoad]) != 1 || len(s.Label[LabelRound]) != 1 {
			t.Errorf("sample without its cell's labels: %v", s.Label)
		}
	}
}
