package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/wire"
)

// readRaw reads the only file under results/*/raw, failing unless there is
// exactly one and it is complete: its configuration and its results.
func readRaw(t *testing.T, results string) (config map[string]string, res []*benchfmt.Result) {
	t.Helper()
	files := rawFiles(t, results)
	if len(files) != 1 || rawfmt.IsPartial(filepath.Base(files[0])) {
		t.Fatalf("files under %s = %v, want one raw file", results, files)
	}
	if !regexp.MustCompile(`^[0-9]{8}T[0-9]{6}Z-instr\.txt$`).MatchString(filepath.Base(files[0])) {
		t.Errorf("raw file %s is not named <timestamp>-instr.txt", files[0])
	}
	data, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\nUnit instructions/op assume=exact\n") {
		t.Error("the raw file has no unit line for instructions/op")
	}
	config = map[string]string{}
	r := benchfmt.NewReader(strings.NewReader(string(data)), files[0])
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			t.Fatal(rec)
		case *benchfmt.Result:
			for _, c := range rec.Config {
				config[c.Key] = string(c.Value)
			}
			res = append(res, rec.Clone())
		}
	}
	return config, res
}

func TestRun(t *testing.T) {
	tests := []struct {
		mode string
		// n1Runs and n2Runs are how many runs under valgrind counting N1
		// and N2 iterations take; 0 leaves them unchecked.
		n1Runs, n2Runs int
	}{
		{"ok", 2, 2},          // two pairs that agree
		{"crash-once", 3, 3},  // each count's first run crashes
		{"short-once", 3, 3},  // or dies halfway through its answer
		{"outlier", 3, 3},     // one pair disagrees: a third decides
		{"slow-native", 0, 0}, // the first N1s are far too small: counted again
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			o := tinyOptions(t)
			if tt.mode == "slow-native" {
				o.parallel = 1 // each codec's first cell learns its rate before the next starts, however loaded the machine
			}
			dir := useFake(t, tt.mode, &o)
			if err := run(context.Background(), o, io.Discard); err != nil {
				t.Fatal(err)
			}
			config, results := readRaw(t, o.results)
			want := map[string]string{
				rawfmt.KeyMachine:                       runinfo.MachineID(),
				rawfmt.KeyCPU:                           runinfo.CPU(),
				keyValgrind:                             fakeVersion,
				rawfmt.KeyGOMAXPROCS:                    "1",
				rawfmt.KeyGOGC:                          "off",
				rawfmt.KeyGODEBUG:                       "asyncpreemptoff=1,memprofilerate=0,cpu.rdtscp=off",
				rawfmt.KeySelection:                     o.sel.String(),
				rawfmt.KeyGo:                            "go1.27.3",
				rawfmt.KeySonicEngine:                   "valgrind-jit", // what the binary says of itself under valgrind
				rawfmt.CodecConfig{Name: "goccy"}.Key(): "github.com/goccy/go-json@v0.12.0 std native",
			}
			for k, v := range want {
				if config[k] != v {
					t.Errorf("configuration %s = %q, want %q", k, config[k], v)
				}
			}
			cells, err := plan(o.sel)
			if err != nil {
				t.Fatal(err)
			}
			if len(results) != len(cells) {
				t.Fatalf("%d results, want %d", len(results), len(cells))
			}
			runs := map[string]int{}   // by "<cell> <iterations>"
			counts := map[string]int{} // iteration counts by cell
			for _, call := range calls(t, dir) {
				if f := strings.Fields(call); f[0] == "true" && f[1] == wire.Slice {
					if runs[f[2]+" "+f[3]]++; runs[f[2]+" "+f[3]] == 1 {
						counts[f[2]]++
					}
				}
			}
			for i, res := range results {
				c, ok := rawfmt.ParseCell(res.Name)
				if !ok || c != cells[i] || !strings.HasSuffix(string(res.Name), "-1") {
					t.Errorf("result %d is %s, want %s-1", i, res.Name, cells[i].Name())
				}
				got, _ := res.Value(rawfmt.UnitInstr)
				if want := float64(fakePerOp(c)); got != want {
					t.Errorf("%s: %v %s, want %v", c, got, rawfmt.UnitInstr, want)
				}
				n1 := res.Iters / (ratio - 1)
				if float64(n1)*got < float64(o.target)/2 {
					t.Errorf("%s: N1 = %d runs %v instructions, less than half the target %d", c, n1, float64(n1)*got, o.target)
				}
				r1, r2 := runs[fmt.Sprint(c, " ", n1)], runs[fmt.Sprint(c, " ", ratio*n1)]
				if tt.n1Runs > 0 && (r1 != tt.n1Runs || r2 != tt.n2Runs || counts[c.String()] != 2) {
					t.Errorf("%s: %d runs at N1 and %d at N2, %d counts; want %d and %d, 2",
						c, r1, r2, counts[c.String()], tt.n1Runs, tt.n2Runs)
				}
				// The first cell of each codec is counted again; the next
				// ones start from the rate it showed.
				if first := c.Fixture == "fields-0001"; tt.mode == "slow-native" && first != (counts[c.String()] > 2) {
					t.Errorf("%s: counted at %d iteration counts; want it counted again: %t", c, counts[c.String()], first)
				}
			}
		})
	}
}

func TestRunFails(t *testing.T) {
	failing := rawfmt.Cell{Op: "decode-map", Fixture: "fields-0002", Codec: "goccy"}
	other := rawfmt.Cell{Op: "decode-map", Fixture: "fields-0001", Codec: "json-v2"}
	refused := "refused by the benchmark binary (the correctness gate or the codec), so nothing was counted: "
	tests := []struct {
		name, mode string
		fail       []rawfmt.Cell // the cells the fake refuses or lacks
		edit       func(*options)
		want       string // in the error
		// failingRuns, when not -1, is how many times the failing cell
		// was prepared under valgrind.
		failingRuns int
	}{
		{"crash", "crash", nil, func(o *options) { o.parallel = 1 }, "4 runs under valgrind failed, the last: " + rawfmt.NoopCell.String() + " crashed: fatal error: unexpected signal", -1},
		{"gate", "gate", []rawfmt.Cell{failing}, nil, refused + failing.String() + ": sample 1: wrong bytes", 0},
		{"gate, two cells", "gate", []rawfmt.Cell{failing, other}, nil,
			refused + other.String() + ": sample 1: wrong bytes; " + failing.String() + ": sample 1: wrong bytes", 0},
		{"gate under valgrind", "gate-valgrind", []rawfmt.Cell{failing}, nil, refused + failing.String() + ": sample 1: wrong bytes", 1},
		{"cell missing", "missing", []rawfmt.Cell{failing}, nil, refused + failing.String() + ": no cell " + failing.String() + " in this binary", 0},
		{"unknown codec", "ok", nil, func(o *options) { o.sel.Codecs = "nope" }, `unknown codec "nope"`, -1},
		{"unknown op", "ok", nil, func(o *options) { o.sel.Ops = "nope" }, `unknown operation "nope"`, -1},
		{"unknown fixture", "ok", nil, func(o *options) { o.sel.Fixtures = "fields-9999" }, `unknown fixture "fields-9999"`, -1},
		{"no cells", "ok", nil, func(o *options) { o.sel.Codecs = "gjson" }, "has no cell to count", -1},
		{"no valgrind", "ok", nil, func(o *options) { o.valgrind = filepath.Join(t.TempDir(), "valgrind") }, "not found: install valgrind 3 with cachegrind (apt-get install -y valgrind)", -1},
		{"no binary", "ok", nil, func(o *options) { o.bin = filepath.Join(t.TempDir(), "jsoncost.test") }, "the native pass: starting the benchmark binary", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o := tinyOptions(t)
			dir := useFake(t, tt.mode, &o)
			var names []string
			for _, c := range tt.fail {
				names = append(names, c.String())
			}
			t.Setenv(failEnv, strings.Join(names, ","))
			if tt.edit != nil {
				tt.edit(&o)
			}
			err := run(context.Background(), o, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("run: %v, want an error containing %q", err, tt.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("the error is not one line: %q", err)
			}
			if files := rawFiles(t, o.results); len(files) > 0 {
				t.Errorf("a failed run left %v", files)
			}
			if tt.failingRuns < 0 {
				return
			}
			runs := 0
			for _, call := range calls(t, dir) {
				if call == "true "+wire.Request(wire.Prepare, failing) {
					runs++
				}
			}
			if runs != tt.failingRuns {
				t.Errorf("the failing cell was prepared %d times under valgrind, want %d", runs, tt.failingRuns)
			}
		})
	}
}

func TestParseFlags(t *testing.T) {
	tests := []struct {
		args []string
		want options // compared where set
		err  string
	}{
		{args: nil, want: options{sel: rawfmt.Selection{Ops: defaultOps, Fixtures: defaultFixtures}, parallel: 2}},
		{args: []string{"-codecs", "goccy", "-ops", "", "-fixtures", "fields-0005"},
			want: options{sel: rawfmt.Selection{Codecs: "goccy", Ops: defaultOps, Fixtures: "fields-0005"}, parallel: 2}},
		{args: []string{"a.txt"}, err: `unexpected argument "a.txt"`},
	}
	for _, tt := range tests {
		o, err := parseFlags(tt.args, io.Discard)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("parseFlags(%q) = %v, want error %q", tt.args, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseFlags(%q): %v", tt.args, err)
			continue
		}
		if o.sel != tt.want.sel || o.parallel != tt.want.parallel {
			t.Errorf("parseFlags(%q) = %+v, want %+v", tt.args, o, tt.want)
		}
	}
}

func TestReportSpread(t *testing.T) {
	quiet := &figure{cell: rawfmt.Cell{Op: "decode-map", Fixture: "fields-0001", Codec: "goccy"}, perOp: 1000, pairs: []float64{1000, 1000.5}}
	noisy := &figure{cell: rawfmt.Cell{Op: "decode-map", Fixture: "fields-0001", Codec: "json-v2"}, perOp: 2000, pairs: []float64{2000, 2040, 1999}}
	floor := &figure{cell: rawfmt.Cell{Op: "decode-map", Fixture: "fields-0001", Codec: rawfmt.Floor}, perOp: 100, pairs: []float64{100, 90, 110}}
	var out strings.Builder
	reportSpread(&out, []*figure{quiet, floor, noisy})
	want := "2 of the 3 figures took more than two pairs of runs\n" +
		"  op=decode-map/fixture=fields-0001/codec=floor: 100.0, the median of 100.0, 90.0, 110.0 (spread 20.00%)\n" +
		"  op=decode-map/fixture=fields-0001/codec=json-v2: 2000.0, the median of 2000.0, 2040.0, 1999.0 (spread 2.05%)\n"
	if out.String() != want {
		t.Errorf("reportSpread wrote\n%s\nwant\n%s", out.String(), want)
	}
}
