package load

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestBuildsMeter checks that a run of several builds, an upgrade run, has
// the meter and anchor of its builds: their file configuration is its.
func TestBuildsMeter(t *testing.T) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n%s: 2\n%s: fields-0005\n%s: old new\n", rawfmt.KeyMeter, rawfmt.MeterPaired, rawfmt.KeyRounds, rawfmt.KeyAnchor, rawfmt.KeyBuilds)
	b.WriteString(rawfmt.CodecConfig{Name: rawfmt.Base, ModuleVersion: "std@go1.27.3", Category: "std", Engine: "v2-engine"}.Format() + "\n")
	cell := rawfmt.Cell{Op: "decode-struct", Fixture: "fields-0005", Codec: rawfmt.Base}
	ns := map[string]float64{"old": 1000, "new": 500}
	for round := range 2 { // the builds' results alternate, as an upgrade run's processes do
		for _, build := range []string{"old", "new"} {
			fmt.Fprintf(&b, "%s: %s\n%s: 1\n%s: %d\n", rawfmt.KeyBuild, build, rawfmt.KeyLayout, rawfmt.KeyRound, round+1)
			fmt.Fprintf(&b, "%s\t100\t%g %s\t%d %s\n", cell.Name(), ns[build], rawfmt.UnitNs, 1000, rawfmt.UnitAnchorNs)
		}
	}
	name := rawfmt.NewRawName(stamp(0), rawfmt.KindUpgrade)
	path := filepath.Join(t.TempDir(), name.String())
	// One build's results alone have nothing to compare: a one-line error, not a page.
	oneBuild := strings.Join(slices.DeleteFunc(strings.SplitAfter(b.String(), "\n"), func(l string) bool { return l == rawfmt.KeyBuild+": new\n" }), "")
	write(t, path, oneBuild)
	if _, err := Load(Raw{Path: path, File: name.String(), Name: name}); err == nil || !strings.Contains(err.Error(), "results of one build (old) alone") || strings.Contains(err.Error(), "\n") {
		t.Errorf("one build's results: error %v, want one line naming the build", err)
	}
	write(t, path, b.String())
	r, err := Load(Raw{Path: path, File: name.String(), Name: name})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Builds) != 2 || !r.Paired() || r.Anchor != "fields-0005" {
		t.Fatalf("%d builds, meter %q, anchor %q; want 2, %q, fields-0005", len(r.Builds), r.Meter, r.Anchor, rawfmt.MeterPaired)
	}
	for _, b := range r.Builds {
		if got, want := b.Ns(cell.Op, cell.Fixture, cell.Codec), []float64{ns[b.Build], ns[b.Build]}; !slices.Equal(got, want) {
			t.Errorf("build %s: ns/op %v, want %v", b.Build, got, want)
		}
	}
}
