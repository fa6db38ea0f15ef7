package rawfmt

import (
	"cmp"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// Raw file kinds: the suffix of a raw file's name.
const (
	KindFull    = ""        // the whole matrix
	KindQuick   = "quick"   // make bench-quick
	KindCustom  = "custom"  // a narrowed selection
	KindInstr   = "instr"   // instruction counts (make bench-instr)
	KindUpgrade = "upgrade" // the same cells under several builds (make bench-upgrade)
	KindNoise   = "noise"   // the same cells alone and beside a busy neighbour (make bench-noise)
)

// PartialSuffix ends the name of a run in progress.
const PartialSuffix = ".partial"

// A RawName is the name of a raw file: when the run started and its kind.
type RawName struct {
	Stamp time.Time // UTC, to the second
	Kind  string
}

// NewRawName names a run of the given kind started at t.
func NewRawName(t time.Time, kind string) RawName {
	return RawName{Stamp: t.UTC().Truncate(time.Second), Kind: kind}
}

// MatrixKind is the kind of a run of the matrix: quick, custom (narrowed) or whole.
func MatrixKind(quick, custom bool) string {
	if quick {
		return KindQuick
	} else if custom {
		return KindCustom
	}
	return KindFull
}

// StampString is the timestamp as it appears in the name.
func (n RawName) StampString() string { return n.Stamp.Format(stampLayout) }

// String is the file name: <timestamp>[-kind].txt.
func (n RawName) String() string {
	if n.Kind == KindFull {
		return n.StampString() + ".txt"
	}
	return n.StampString() + "-" + n.Kind + ".txt"
}

// Partial is the hidden name a run writes to until it completes.
func (n RawName) Partial() string { return "." + n.String() + PartialSuffix }

// IsPartial reports whether a file name is that of a run in progress.
func IsPartial(name string) bool {
	return strings.HasPrefix(name, ".") && strings.HasSuffix(name, PartialSuffix)
}

// ParseRawName parses a raw file name. It fails for any other file.
func ParseRawName(name string) (RawName, error) {
	m := rawNameRE.FindStringSubmatch(name)
	if m == nil {
		return RawName{}, fmt.Errorf("%q is not a raw file name (<UTC timestamp>[-kind].txt)", name)
	}
	t, err := time.Parse(stampLayout, m[1])
	if err != nil {
		return RawName{}, fmt.Errorf("raw file name %q: %w", name, err)
	}
	return RawName{Stamp: t, Kind: m[2]}, nil
}

// MachineID names a machine by os, architecture, the CPU model of its cpu
// line, without trademark signs such as (R) and (TM), and the CPU's
// generation where the kernel gives one: linux-amd64-amd-epyc-f26m2s1. A
// model name such as "AMD EPYC" covers several generations of core, so runs
// on different ones must not share a folder.
func MachineID(goos, goarch, cpu string, gen Generation) string {
	s := marks.ReplaceAllString(strings.ToLower(cpu), "")
	s = strings.Trim(nonAlnum.ReplaceAllString(s, "-"), "-")
	id := goos + "-" + goarch + "-" + cmp.Or(s, "unknown-cpu")
	if gen != (Generation{}) {
		id += "-" + gen.ID()
	}
	return id
}

// KeyGeneration is the header line of the CPU's Generation.
const KeyGeneration = "cpu-generation"

// A Generation is a CPU's family, model and stepping, as /proc/cpuinfo
// gives them on amd64: what tells one generation of core from another
// where the model name does not.
type Generation struct{ Family, Model, Stepping string }

// String is the header value of g: "family 26 model 2 stepping 1".
func (g Generation) String() string {
	return "family " + g.Family + " model " + g.Model + " stepping " + g.Stepping
}

// ID is g in a machine id: "f26m2s1".
func (g Generation) ID() string { return "f" + g.Family + "m" + g.Model + "s" + g.Stepping }

const stampLayout = "20060102T150405Z"

var (
	rawNameRE = regexp.MustCompile(`^([0-9]{8}T[0-9]{6}Z)(?:-([a-z]+))?\.txt$`)
	nonAlnum  = regexp.MustCompile(`[^a-z0-9]+`)
	marks     = regexp.MustCompile(`\((r|tm|c)\)`) // the trademark signs in CPU vendors' model names
)
