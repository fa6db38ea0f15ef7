package probes

import (
	"encoding/json"
	"errors"
	"os/exec"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/jsoncost/jsoncost/codecs"
)

// The test configurations, which children run too (TestMain): crasher panics in
// Marshal and dies of a stack overflow (a fatal error no recover catches)
// in Unmarshal; hanger never returns from decoding the deepest probe;
// encodeOnly is encoding/json with nothing but encode-struct.
var (
	crasher = &codecs.Codec{
		Name:     "test-crasher",
		Category: codecs.Fast,
		Skips:    []string{"everything (crashes)"},
		Ops:      codecs.FullOps,
		Marshal:  func(any) ([]byte, error) { panic("test-crasher cannot marshal") },
		Unmarshal: func(data []byte, _ any) error {
			debug.SetMaxStack(64 << 10)
			return recurse(data)
		},
	}
	hanger = &codecs.Codec{
		Name:     "test-hanger",
		Category: codecs.Fast,
		Skips:    []string{"nesting depth limit (hangs)"},
		Ops:      codecs.FullOps,
		Marshal:  json.Marshal,
		Unmarshal: func(data []byte, v any) error {
			if len(data) > 2*10000 {
				time.Sleep(time.Hour)
			}
			return json.Unmarshal(data, v)
		},
	}
	encodeOnly = &codecs.Codec{
		Name:     "test-encode-only",
		Category: codecs.Std,
		Ops:      []codecs.Op{codecs.EncodeStruct},
		Marshal:  json.Marshal,
	}
	testCodecs = []*codecs.Codec{crasher, hanger, encodeOnly}
)

// recurse calls itself without end, each frame holding a buffer.
func recurse(data []byte) error {
	var frame [256]byte
	copy(frame[:], data)
	if err := recurse(frame[:]); err != nil {
		return err
	}
	return errors.New(string(frame[:1]))
}

func TestCrashIsolation(t *testing.T) {
	t.Parallel()
	cs := []*codecs.Codec{mustLookup(t, "encoding-json"), crasher, hanger, mustLookup(t, "goccy")}
	res, err := Run(Probes(), cs, Options{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	alone := mustProbeResults(t)
	for i, k := range res.Suite.Cases {
		if o := res.Outcomes[crasher.Name][i]; o.Label != Crash || o.Detail == "" {
			t.Errorf("%s, %s: %+v, want a crash with its reason", crasher.Name, k.Name, o)
		}
		want := alone.Outcomes["encoding-json"][i].Label
		if k.Name == "depth 10001" {
			want = Timeout
		}
		if o := res.Outcomes[hanger.Name][i]; o.Label != want {
			t.Errorf("%s, %s: %q, want %q", hanger.Name, k.Name, o.Label, want)
		}
		for _, name := range []string{"encoding-json", "goccy"} {
			if got, want := res.Outcomes[name][i], alone.Outcomes[name][i]; got != want {
				t.Errorf("%s, %s next to faulty codecs: %+v, alone: %+v", name, k.Name, got, want)
			}
		}
	}
	// The first probe marshals, the last one unmarshals.
	marshal, unmarshal := res.Outcomes[crasher.Name][0].Detail, res.Outcomes[crasher.Name][len(res.Suite.Cases)-1].Detail
	if marshal != "panic: test-crasher cannot marshal" {
		t.Errorf("crash detail of a panic: %q", marshal)
	}
	if unmarshal != "runtime: goroutine stack exceeds 65536-byte limit" {
		t.Errorf("crash detail of a stack overflow: %q", unmarshal)
	}
	for _, c := range []*codecs.Codec{crasher, hanger} {
		if err := CheckCategory(c, res); err == nil || !strings.Contains(err.Error(), "on probe") {
			t.Errorf("CheckCategory(%s) = %v, want an error naming the probe it crashed or hung on", c.Name, err)
		}
	}
}

// TestPartialOperations runs a configuration that only encodes structs:
// it runs the encoding probes alone, is std by them, and is n/a on every
// decoding suite, without a child.
func TestPartialOperations(t *testing.T) {
	t.Parallel()
	ref := mustLookup(t, "encoding-json")
	probes, err := Run(Probes(), []*codecs.Codec{ref, encodeOnly}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range AllProbes {
		got, want := probes.Outcomes[encodeOnly.Name][i].Label, probes.Outcomes[ref.Name][i].Label
		if p.Needs(encodeOnly) != (got != NA) || (got != NA && got != want) {
			t.Errorf("%s: %q, want %q (n/a when it needs more than encode-struct)", p.Name, got, want)
		}
	}
	if err := CheckCategory(encodeOnly, probes); err != nil {
		t.Error(err)
	}
	bad, err := Run(BadInput(false), []*codecs.Codec{ref, encodeOnly}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range bad.Outcomes[encodeOnly.Name] {
		if o.Label != NA {
			t.Errorf("%s: %q, want n/a", bad.Suite.Cases[i].Name, o.Label)
		}
	}
	if lines, err := Unexplained(bad, probes); err != nil || len(lines) > 0 {
		t.Errorf("Unexplained: %q, %v; want none", lines, err)
	}
}

func TestCrashDetail(t *testing.T) {
	exit := exec.Command("sh", "-c", "exit 3").Run()
	tests := []struct {
		stderr string
		err    error
		want   string
	}{
		{"runtime: goroutine stack exceeds 1000000000-byte limit\nruntime: sp=0xc020160398 stack=[0xc020160000, 0xc040160000]\nfatal error: stack overflow\n", exit,
			"runtime: goroutine stack exceeds 1000000000-byte limit"},
		{"fatal error: concurrent map writes\n\ngoroutine 1 [running]:\n", exit, "fatal error: concurrent map writes"},
		{"panic: runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a1b2c]\n", exit,
			"panic: runtime error: invalid memory address or nil pointer dereference"},
		{"unexpected fault address 0x7f3a2c000000\nfatal error: fault\n", exit, "unexpected fault address 0x…"},
		{"", exit, "exit status 3"},
		{"", nil, "exited without a result"},
	}
	for _, tt := range tests {
		if got := crashDetail([]byte(tt.stderr), tt.err); got != tt.want {
			t.Errorf("crashDetail(%q) = %q, want %q", tt.stderr, got, tt.want)
		}
	}
}

// TestRunReportsBrokenChild runs a codec the child does not know: that is
// an error of the run, not a crash of the codec.
func TestRunReportsBrokenChild(t *testing.T) {
	t.Parallel()
	parentOnly := &codecs.Codec{Name: "test-parent-only", Category: codecs.Std, Ops: codecs.FullOps, Marshal: json.Marshal, Unmarshal: json.Unmarshal}
	_, err := Run(Probes(), []*codecs.Codec{parentOnly}, Options{})
	if err == nil || !strings.Contains(err.Error(), `unknown codec "test-parent-only"`) {
		t.Errorf("Run: %v, want an error naming the unknown codec", err)
	}
}
