package load

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestBuildsMeter checks that a run of several builds, an upgrade run, has
// the meter and anchor of its builds: their file configuration is its.
func TestBuildsMeter(t *testing.T) {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n%s: 1\n%s: fields-0005\n%s: old new\n", rawfmt.KeyMeter, rawfmt.MeterPaired, rawfmt.KeyRounds, rawfmt.KeyAnchor, rawfmt.KeyBuilds)
	b.WriteString(rawfmt.CodecConfig{Name: rawfmt.Base, ModuleVersion: "std@go1.27.3", Category: "std", Engine: "v2-engine"}.Format() + "\n")
	cell := rawfmt.Cell{Op: "decode-struct", Fixture: "fields-0005", Codec: rawfmt.Base}
	for _, build := range []string{"old", "new"} {
		fmt.Fprintf(&b, "%s: %s\n%s: 1\n%s: 1\n", rawfmt.KeyBuild, build, rawfmt.KeyLayout, rawfmt.KeyRound)
		fmt.Fprintf(&b, "%s\t100\t%d %s\t%d %s\n", cell.Name(), 1000, rawfmt.UnitNs, 1000, rawfmt.UnitAnchorNs)
	}
	name := rawfmt.NewRawName(stamp(0), rawfmt.KindUpgrade)
	path := filepath.Join(t.TempDir(), name.String())
	write(t, path, b.String())
	r, err := Load(Raw{Path: path, File: name.String(), Name: name})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Builds) != 2 || !r.Paired() || r.Anchor != "fields-0005" {
		t.Errorf("%d builds, meter %q, anchor %q; want 2, %q, fields-0005", len(r.Builds), r.Meter, r.Anchor, rawfmt.MeterPaired)
	}
}
