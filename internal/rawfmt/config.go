package rawfmt

import (
	"cmp"
	"flag"
	"fmt"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// Configuration keys. The runner writes KeyCommit through KeyCodecPrefix lines;
// the benchmark binary KeySonicEngine and KeyRace; go test KeyGOOS to KeyCPU.
const (
	KeyCommit       = "jsoncost-commit" // the suite's commit, DirtySuffix when the tree had changes
	KeyCommand      = "command"         // the command that repeats the run
	KeyMachine      = "machine-id"      // see MachineID
	KeyGo           = "go"              // runtime.Version()
	KeyCores        = "cores"           // runtime.NumCPU()
	KeyGOMAXPROCS   = "gomaxprocs"
	KeyGOGC         = "gogc"
	KeyGOMEMLIMIT   = "gomemlimit"
	KeyGOEXPERIMENT = "goexperiment"
	KeyGODEBUG      = "godebug"
	KeyAffinity     = "cpu-affinity" // the CPUs the run was pinned to, when it was
	KeyRounds       = "rounds"
	KeyBenchtime    = "benchtime"
	KeyFieldsPasses = "fields-passes" // the samples per round of each fields-* cell
	KeyOrderSeed    = "order-seed"    // the random seed of the run's cell order
	KeySelection    = "selection"     // the CODECS/OPS/FIXTURES of a narrowed run
	KeySonicEngine  = "sonic-engine"
	KeyStdEngine    = "encoding-json-engine" // the engine under encoding/json: v1-engine or v2-engine
	KeyBuilds       = "builds"               // an upgrade run's builds, each toolchain[+experiment…]
	KeyBuild        = "build"                // the build of the results that follow, in an upgrade run
	KeyBuildPrefix  = "build-"               // then a build's name: its go version, GOEXPERIMENT and engines
	KeyRace         = "race"
	KeyGOOS         = "goos"
	KeyGOARCH       = "goarch"
	KeyPkg          = "pkg"
	KeyCPU          = "cpu"
	KeyCodecPrefix  = "codec-" // starts a CodecConfig's codec line
	KeySkipsPrefix  = "skips-" // starts a CodecConfig's skips line
	DirtySuffix     = "-dirty"
)

// A CodecConfig is one codec configuration: its line and, in runs made since
// raw files record it, what it gives up against encoding/json (its Skips),
// separated by SkipsSep, or "none":
//
//	codec-<name>: <module>@<version> <category> <engine>
//	skips-<name>: HTML escaping; map key sorting
type CodecConfig struct {
	Name          string
	ModuleVersion string // module@version, or std@goX.Y.Z
	Category      string
	Engine        string   // "native", or what actually ran (sonic: jit or a fallback)
	Skips         []string // what it gives up; nil with HasSkips false in an older run
	HasSkips      bool     // whether the run recorded Skips
}

// CategoryStd is the category of a configuration that writes encoding/json's
// bytes; SkipsSep separates the items of a skips line.
const (
	CategoryStd = "std"
	SkipsSep    = "; "
	noSkips     = "none"
)

// Key and Value are the codec line's key and value.
func (c CodecConfig) Key() string   { return KeyCodecPrefix + c.Name }
func (c CodecConfig) Value() string { return c.ModuleVersion + " " + c.Category + " " + c.Engine }

// Format returns the codec line and the skips line, without a final newline.
func (c CodecConfig) Format() string {
	return c.Key() + ": " + c.Value() + "\n" + KeySkipsPrefix + c.Name + ": " + cmp.Or(strings.Join(c.Skips, SkipsSep), noSkips)
}

// ParseCodecs parses the codec and skips lines among a file's configuration
// into its codec configurations, in file order, and one error per malformed
// line (a skips line's "none" gives empty, not nil, Skips).
func ParseCodecs(config []benchfmt.Config) (codecs []CodecConfig, bad []string) {
	for _, c := range config {
		name, ok := strings.CutPrefix(c.Key, KeyCodecPrefix)
		f := strings.Fields(string(c.Value))
		switch {
		case !ok:
		case name == "" || len(f) != 3 || !strings.Contains(f[0], "@"):
			bad = append(bad, fmt.Sprintf("codec configuration %q: want %q", c.Key+": "+string(c.Value), "module@version category engine"))
		default:
			codecs = append(codecs, CodecConfig{Name: name, ModuleVersion: f[0], Category: f[1], Engine: f[2]})
		}
	}
	for _, c := range config {
		name, ok := strings.CutPrefix(c.Key, KeySkipsPrefix)
		value := string(c.Value)
		i := slices.IndexFunc(codecs, func(cc CodecConfig) bool { return cc.Name == name })
		switch {
		case !ok:
		case name == "" || value == "":
			bad = append(bad, fmt.Sprintf("skips line %q: want a codec name and %q or items separated by %q", c.Key+": "+value, noSkips, SkipsSep))
		case i < 0:
			bad = append(bad, fmt.Sprintf("skips line %q: the file has no %s line", c.Key, KeyCodecPrefix+name))
		case value == noSkips:
			codecs[i].Skips, codecs[i].HasSkips = []string{}, true
		default:
			codecs[i].Skips, codecs[i].HasSkips = strings.Split(value, SkipsSep), true
		}
	}
	return codecs, bad
}

// A Selection names the parts of the matrix to run, per dimension a
// comma-separated list of names or anchored regular expressions; "" selects
// everything. make passes it as CODECS, OPS and FIXTURES, the runner as
// flags (RegisterFlags).
type Selection struct {
	Codecs, Ops, Fixtures string
}

// RegisterFlags defines the selection's flags -codecs, -ops and -fixtures.
func (s *Selection) RegisterFlags(fs *flag.FlagSet) {
	fs.StringVar(&s.Codecs, "codecs", s.Codecs, "codecs: comma-separated names or patterns (default all)")
	fs.StringVar(&s.Ops, "ops", s.Ops, "operations: comma-separated names or patterns (default all)")
	fs.StringVar(&s.Fixtures, "fixtures", s.Fixtures, "fixtures: comma-separated names or patterns (default all)")
}

// IsZero reports whether s selects everything.
func (s Selection) IsZero() bool { return s == Selection{} }

// String is the selection as a configuration value, e.g.
// "codecs=goccy,encoding-json ops=* fixtures=fields-.*".
func (s Selection) String() string {
	return fmt.Sprintf("codecs=%s ops=%s fixtures=%s", cmp.Or(s.Codecs, "*"), cmp.Or(s.Ops, "*"), cmp.Or(s.Fixtures, "*"))
}
