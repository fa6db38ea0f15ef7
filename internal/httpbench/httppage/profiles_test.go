package httppage

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/cpuprofile"
	"github.com/jsoncost/jsoncost/internal/cpuprofile/profiletest"
	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load/loadtest"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// profiles are the synthetic run's profiles: each round and load, the base spends 50% of its CPU in
// encoding/json's decode, 10% in its encode, 20% in net/http, 10% in GC and 10% in its own code; the
// filtered scenario 20%, 20%, 30%, 10%, 20%; the others as the base.
func profiles() map[string]*profile.Profile {
	const handler = " main.search net/http.(*conn).serve"
	stacks := []string{"encoding/json.Unmarshal" + handler, "encoding/json.Marshal" + handler,
		"syscall.Syscall net.(*conn).Write" + handler, "runtime.gcBgMarkWorker", "main.project" + handler}
	weights := map[string][]int64{"base": {50, 10, 20, 10, 10}, "filtered": {20, 20, 30, 10, 20}}
	out := map[string]*profile.Profile{}
	for _, name := range []string{"base", "goccy", "filtered", "hits-1", "hits-100"} {
		w := weights[name]
		if w == nil {
			w = weights["base"]
		}
		var all [][]string
		var ns []int64
		var labels []map[string][]string
		for _, l := range []rawfmt.HTTPLoad{{Workers: 64}, {Rate: 200}} {
			for round := 1; round <= 6; round++ {
				for i, s := range stacks {
					all, ns = append(all, strings.Fields(s)), append(ns, w[i]*1e6)
					labels = append(labels, map[string][]string{httpbench.LabelLoad: {l.String()}, httpbench.LabelRound: {strconv.Itoa(round)}})
				}
			}
		}
		p := profiletest.Synthetic(all, ns)
		for i, s := range p.Sample {
			s.Label = labels[i]
		}
		out[name] = p
	}
	return out
}

func TestProfiles(t *testing.T) {
	run, err := Read("raw.txt", synthetic(variant{}))
	if err != nil {
		t.Fatal(err)
	}
	// The synthetic run's codec lines name goccy alone; encoding/json's makes its frames JSON.
	run.Config = append(run.Config, benchfmt.Config{Key: "codec-encoding-json", Value: []byte("std@go1.27.3 std native")})
	without := pageOf(t, run, true)
	if strings.Contains(without, "Where the API server's CPU goes") {
		t.Errorf("a run without profiles has their section")
	}
	run.Profiles = profiles()
	if page := pageOf(t, run, true); !strings.Contains(flat(page), "This machine has no run of the microbenchmarks with the es-hits documents, so nothing is predicted.") {
		t.Errorf("a page without a reference run does not say so")
	}
	run.Ref = microRef(t)
	page := pageOf(t, run, true)
	for _, want := range []string{
		"At 64 workers, JSON work is 60% of the base's API-server CPU and 40% of the filtered scenario's; its change of API CPU per request, −51.2 [−52.5, −50.0] µs, holds −41.0 [",
		"| base | 50% | 10% | 10% | 20% | 10% |",
		"| filtered | 20% | 20% | 10% | 30% | 20% |",
		"| filtered | −51.2 [−52.5, −50.0] | −41.0 [",
		"| goccy | ~ [", // the base's shares, its CPU scattered
		// The base's 102.5 µs per request times 0.5·(1−½) + 0.1·(1−¼) in JSON, 0.1·(20000/60000)·(1−½) in GC.
		"| goccy | −35.0 [", "| −33.3 [", "| −1.71 [",
		// Times 0.5·(1−1/10) in JSON, 0.1·(20000/60000)·(1−1/10) in GC.
		"| filtered | −49.2 [", "| −46.1 [", "| −3.07 [", "| 0 | −51.2 [−52.5, −50.0] | yes |",
		"| 0 | +2.50 [−35.0, +40.0] | no: JSON (+1.50 [−21.0, +24.0]) |", // goccy's verdict
		// The base's profile holds 100 ms a round against 100 to 105 ms of getrusage CPU; the filtered one twice its
		// halved CPU; goccy about its scattered CPU.
		"The profiles hold less CPU than getrusage counts for the same load: 99% (70% to 200%) of it at 64 workers",
		"![API server CPU, base at 64 workers](flame-base-64-workers.svg)",
		"![API server CPU, filtered at 64 workers](flame-filtered-64-workers.svg)",
	} {
		if !strings.Contains(flat(page), want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if !strings.HasPrefix(page, without) {
		t.Errorf("the profiles change the page above their section")
	}
	if printed := pageOf(t, run, false); strings.Contains(printed, "flame-") {
		t.Errorf("a page printed without its charts links flame graphs, which are another run's")
	}
	if t.Failed() {
		t.Log(page)
	}
	files, err := Files(run, "linux-amd64-test")
	if err != nil {
		t.Fatal(err)
	}
	flame := files["flame-filtered-64-workers.svg"]
	for _, want := range []string{"<svg", "JSON decode 20%", "net/http and syscalls 30%", "<title>encoding/json.Unmarshal: 20%</title>"} {
		if !bytes.Contains(flame, []byte(want)) {
			t.Errorf("the filtered flame graph lacks %q", want)
		}
	}
	if len(files) != 5 {
		t.Errorf("%d files, want README, 2 latency charts and 2 flame graphs", len(files))
	}
}

// microRef is a reference run of the es-hits documents, six rounds alike: goccy decodes the full document
// in half encoding/json's time and bytes and encodes the 5-field one in a quarter of its time, but the
// full one in the same time; the 5-field document decodes in a tenth of the full one's time and bytes.
func microRef(t *testing.T) *cpuprofile.Reference {
	cells := []struct {
		op, doc, codec string
		ns, bytes      float64
	}{
		{"decode-struct", "es-hits-10-full", "encoding-json", 10000, 20000}, {"decode-struct", "es-hits-10-full", "goccy", 5000, 10000},
		{"encode-struct", "es-hits-10-source5", "encoding-json", 4000, 1000}, {"encode-struct", "es-hits-10-source5", "goccy", 1000, 1000},
		{"encode-struct", "es-hits-10-full", "encoding-json", 8000, 4000}, {"encode-struct", "es-hits-10-full", "goccy", 8000, 4000},
		{"decode-struct", "es-hits-10-source5", "encoding-json", 1000, 2000}, {"decode-struct", "es-hits-10-source5", "goccy", 500, 1000},
	}
	var b strings.Builder
	b.WriteString("go: go1.27.3\ncodec-encoding-json: std@go1.27.3 std v2-engine\ncodec-goccy: github.com/goccy/go-json@v0.12.0 std native\n")
	for range 6 {
		for _, c := range cells {
			fmt.Fprintf(&b, "%s 100 %g ns/op %g B/op 10 allocs/op\n", rawfmt.Cell{Op: c.op, Fixture: c.doc, Codec: c.codec}.Name(), c.ns, c.bytes)
		}
	}
	return &cpuprofile.Reference{Run: loadtest.Load(t, rawfmt.KindFull, b.String())}
}

// TestReadBeside lays a run out as results/ holds it, its profiles beside its raw file and the machine's
// committed full run of the microbenchmarks, and checks that the page sets the JSON part against them.
func TestReadBeside(t *testing.T) {
	const machine = "linux-amd64-intel-xeon-processor"
	results := t.TempDir()
	rawDir := filepath.Join(results, machine, "http", "raw")
	micro, _ := filepath.Glob(filepath.Join("../../../results", machine, "raw", "*Z.txt"))
	if len(micro) == 0 {
		t.Fatalf("no committed full run of %s", machine)
	}
	data, err := os.ReadFile(micro[len(micro)-1])
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(results, machine, "raw"), 0o755)
	os.WriteFile(filepath.Join(results, machine, "raw", filepath.Base(micro[len(micro)-1])), data, 0o644)
	run, err := Read("20261202T000000Z.txt", synthetic(variant{}))
	if err != nil {
		t.Fatal(err)
	}
	run.Config = append(run.Config, benchfmt.Config{Key: "codec-encoding-json", Value: []byte("std@go1.27.3 std v2-engine")})
	if err := ReadBeside(run, rawDir, nil); err != nil || run.Profiles != nil || run.Ref != nil {
		t.Fatalf("ReadBeside without profiles: %v, %d profiles, reference %v; want nothing read", err, len(run.Profiles), run.Ref != nil)
	}
	dir := filepath.Join(rawDir, httpbench.ProfileDir(run.File))
	os.MkdirAll(dir, 0o755)
	for name, p := range profiles() {
		var b bytes.Buffer
		p.Write(&b)
		os.WriteFile(filepath.Join(dir, httpbench.ProfileFile(name)), b.Bytes(), 0o644)
	}
	if err := ReadBeside(run, rawDir, nil); err != nil || len(run.Profiles) != 5 || run.Ref == nil {
		t.Fatalf("ReadBeside: %v, %d profiles, reference %v; want 5 and the full run", err, len(run.Profiles), run.Ref != nil)
	}
	page := flat(pageOf(t, run, true))
	for _, want := range []string{
		"The ratios and B/op are those of `" + filepath.Base(micro[len(micro)-1]) + "` of " + machine + " (go1.27.3, encoding/json on its v2 engine); this run is on",
		"timed by the older meter", "is too imprecise to rank configurations",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if !regexp.MustCompile(`\| filtered \| −[0-9.]+ \[−[0-9.]+, −[0-9.]+\] \| −[0-9.]+ \[`).MatchString(page) {
		t.Errorf("the page predicts no saving of the filtered scenario:\n%s", page)
	}
	os.Remove(filepath.Join(dir, httpbench.ProfileFile("goccy")))
	run.Profiles = nil
	if err := ReadBeside(run, rawDir, nil); err == nil || !strings.Contains(err.Error(), "goccy") {
		t.Errorf("a scenario's profile missing: error %v, want one naming it", err)
	}
}

// TestVerdict checks the last column of a prediction's row: inside, missed by a part, and outside
// with the measured interval reaching the prediction or not.
func TestVerdict(t *testing.T) {
	e := func(v, lo, hi float64) model.Estimate { return model.Estimate{V: v, Lo: lo, Hi: hi, HasCI: true} }
	pred := forecast{total: e(-100, -110, -90), json: e(-80, -90, -70), gc: e(-20, -22, -18), body: e(0, 0, 0)}
	parts := func(json float64) []model.Estimate {
		return []model.Estimate{e(json, json-10, json+10), e(-20, -25, -15), e(0, -1, 1), e(0, -1, 1)}
	}
	tests := []struct {
		name     string
		measured model.Estimate
		parts    []model.Estimate
		colder   string
		want     string
	}{
		{"inside", e(-95, -130, -60), parts(-80), "", "yes"},
		{"a part misses", e(-60, -70, -50), parts(-40), "", "no: JSON (−40.0 [−50.0, −30.0])"},
		{"too wide to tell", e(-60, -120, 0), parts(-75), "", "no, but the measured interval reaches it: too wide to tell a miss, and no part misses alone"},
		{"apart, by no part", e(-60, -70, -50), parts(-75), "", "no, by no part alone"},
		{"JSON misses where it costs more", e(-60, -70, -50), parts(-40), "colder", "no: JSON (−40.0 [−50.0, −30.0]); colder"},
		{"GC misses where JSON costs more", e(-60, -70, -50), []model.Estimate{e(-80, -90, -70), e(-40, -45, -35), e(0, -1, 1), e(0, -1, 1)}, "colder", "no: GC and allocation (−40.0 [−45.0, −35.0])"},
	}
	for _, tt := range tests {
		f := pred
		f.colder = tt.colder
		ns := []model.Estimate{tt.measured.Times(1e3)}
		for _, p := range tt.parts {
			ns = append(ns, p.Times(1e3))
		}
		row := f.row("goccy", ns)
		if got := row[len(row)-1]; got != tt.want {
			t.Errorf("%s: verdict %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestColder checks that a load whose JSON work costs clearly more per request than at the other is
// named, and the other not.
func TestColder(t *testing.T) {
	for _, tt := range []struct {
		sparse   float64
		rate, ws string
	}{
		{0, "", ""},
		{1.1, "", ""},
		{2, "the base's JSON work costs 2.00× per request here what it costs at 64 workers, which the microbenchmarks' warm loops do not see", ""},
	} {
		run, err := Read("raw.txt", synthetic(variant{sparse: tt.sparse}))
		if err != nil {
			t.Fatal(err)
		}
		run.Config = append(run.Config, benchfmt.Config{Key: "codec-encoding-json", Value: []byte("std@go1.27.3 std native")})
		run.Profiles = profiles()
		json := func(l rawfmt.HTTPLoad) []float64 {
			base := run.at(l)[0]
			return run.perRequest(base, run.shares(base), parts[0].classes)
		}
		if got := run.colder(rawfmt.HTTPLoad{Rate: 200}, json(rawfmt.HTTPLoad{Rate: 200})); got != tt.rate {
			t.Errorf("sparse %g: at 200 req/s %q, want %q", tt.sparse, got, tt.rate)
		}
		if got := run.colder(rawfmt.HTTPLoad{Workers: 64}, json(rawfmt.HTTPLoad{Workers: 64})); got != tt.ws {
			t.Errorf("sparse %g: at 64 workers %q, want %q", tt.sparse, got, tt.ws)
		}
	}
}
