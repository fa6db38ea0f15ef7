package main

import (
	"context"
	"debug/buildinfo"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// DefaultBuilds are the builds of make bench-upgrade: the last Go 1.26, Go 1.27, and Go 1.27 with encoding/json on
// its v1 engine, which separates the JSON engine from the compiler and runtime.
const DefaultBuilds = "go1.26.8 go1.27.3 go1.27.3+nojsonv2"

// A build is a toolchain and GOEXPERIMENT the cells run under: "go1.27.3+nojsonv2" is GOTOOLCHAIN=go1.27.3 with
// GOEXPERIMENT=nojsonv2 (a second + adds a second experiment).
type build struct {
	name, toolchain, experiment string
	bin                         runner.Binary
	has                         map[rawfmt.Cell]bool // the cells of the selection its binary has
	// by the -codecs of a run whose codecs the build lacks some of, those it has
	codecs map[string]string
}

var toolchainName = regexp.MustCompile(`^go1\.[0-9]+(\.[0-9]+)?$`)

// parseBuilds reads a list of builds separated by spaces or commas.
func parseBuilds(s string) ([]build, error) {
	var bs []build
	for _, name := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' }) {
		tc, exp, plus := strings.Cut(name, "+")
		switch {
		case !toolchainName.MatchString(tc):
			return nil, fmt.Errorf("build %q: want a toolchain such as go1.27.3, then +experiment as often as needed", name)
		case plus && (strings.ContainsAny(exp, " :") || strings.Contains("+"+exp+"+", "++")):
			return nil, fmt.Errorf("build %q: an empty or malformed experiment after +", name)
		}
		for _, b := range bs {
			if b.name == name {
				return nil, fmt.Errorf("build %q listed twice", name)
			}
		}
		bs = append(bs, build{name: name, toolchain: tc, experiment: strings.ReplaceAll(exp, "+", ",")})
	}
	if len(bs) < 2 {
		return nil, fmt.Errorf("-builds %q: want at least two builds to compare", s)
	}
	return bs, nil
}

// compile builds each build's binary into dir and asks it which cells of sel it has, of the cells the parts want (a configuration may
// exist in some builds only: json-v2 needs the jsonv2 experiment). The go line of a copy of go.mod names the build's own Go version,
// so that an older toolchain builds the module (its code keeps to what the oldest build compiles).
func compile(ctx context.Context, bs []build, sel rawfmt.Selection, parts []part, dir string, stderr io.Writer) error {
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		return fmt.Errorf("-builds runs from the module root: %w", err)
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		return fmt.Errorf("-builds: %w", err)
	}
	goLine := regexp.MustCompile(`(?m)^go [0-9.]+$`)
	every := rawfmt.Selection{Ops: sel.Ops, Fixtures: sel.Fixtures} // every codec: a build may lack one of sel's
	for i := range bs {
		b := &bs[i]
		base := filepath.Join(dir, strings.ReplaceAll(b.name, "+", "_"))
		modFile := base + ".mod"
		if err := os.WriteFile(modFile, goLine.ReplaceAll(mod, []byte("go "+strings.TrimPrefix(b.toolchain, "go"))), 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(base+".sum", sum, 0o644); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "building the benchmark binary with %s…\n", b.name)
		env := []string{"GOTOOLCHAIN=" + b.toolchain, "GOEXPERIMENT=" + b.experiment}
		if err := runner.Compile(ctx, base+".test", env, "-modfile="+modFile); err != nil {
			return fmt.Errorf("build %s: %w", b.name, err)
		}
		b.bin = runner.Binary{Path: base + ".test", Stderr: stderr}
		out, err := exec.CommandContext(ctx, b.bin.Path, append(every.Args(rawfmt.BinaryFlagPrefix), "-"+rawfmt.BinaryListFlag)...).Output()
		if err != nil {
			return fmt.Errorf("build %s: listing its cells: %w", b.name, err)
		}
		b.has = map[rawfmt.Cell]bool{}
		for _, name := range strings.Fields(string(out)) {
			if c, ok := rawfmt.ParseCell(benchfmt.Name(name)); ok {
				b.has[c] = true
			}
		}
		b.codecs = codecsByRun(parts, b.has)
	}
	return nil
}

// codecsByRun returns, by the -codecs of each of parts, the codecs a build that has the cells has gets instead (see
// buildCodecs): each part's own, never another's.
func codecsByRun(parts []part, has map[rawfmt.Cell]bool) map[string]string {
	wants := map[string]map[rawfmt.Cell]bool{}
	for _, p := range parts {
		if wants[p.sel.Codecs] == nil {
			wants[p.sel.Codecs] = map[rawfmt.Cell]bool{}
		}
		maps.Copy(wants[p.sel.Codecs], p.want)
	}
	codecs := map[string]string{}
	for spec, want := range wants {
		codecs[spec] = buildCodecs(spec, want, has)
	}
	return codecs
}

// buildCodecs returns, when the selection names codecs (spec) and the build lacks some of those the run wants,
// the ones it has, as a -codecs value; else "", which leaves the run's selection as it is.
func buildCodecs(spec string, want, has map[rawfmt.Cell]bool) string {
	var codecs []string
	lacks := false
	for c := range want {
		switch {
		case !has[c]:
			lacks = true
		case c.Codec != rawfmt.Floor && c.Codec != rawfmt.Noop: // harness cells come with any selection
			codecs = append(codecs, regexp.QuoteMeta(c.Codec))
		}
	}
	if spec == "" || !lacks {
		return ""
	}
	slices.Sort(codecs)
	return strings.Join(slices.Compact(codecs), ",")
}

// buildRuns returns each run of round once for every build, the builds of each run in their own order drawn from
// seed, round and the run, so that drift reaches every build alike. A build's results follow its build line.
func buildRuns(rs []runner.Round, bs []build, seed uint64, round int) []runner.Round {
	var out []runner.Round
	for i, r := range rs {
		h := fnv.New64a()
		fmt.Fprintf(h, "builds/%d/%d", round, i)
		order := rand.New(rand.NewPCG(seed, h.Sum64())).Perm(len(bs))
		for _, j := range order {
			b, bd := r, &bs[j]
			b.Bin, b.Config, b.Want = &bd.bin, []string{rawfmt.KeyBuild + ": " + bd.name}, map[rawfmt.Cell]bool{}
			for c := range r.Want {
				if bd.has[c] {
					b.Want[c] = true
				}
			}
			if len(b.Want) == 0 {
				continue // the build has none of the run's cells
			}
			if i := slices.Index(r.Args, "-"+rawfmt.BinaryFlagPrefix+"codecs"); i >= 0 && bd.codecs[r.Args[i+1]] != "" {
				b.Args = slices.Clone(r.Args) // name only the codecs the build has
				b.Args[i+1] = bd.codecs[r.Args[i+1]]
			}
			out = append(out, b)
		}
	}
	return out
}

// buildLines records each build: its name in the list of builds, then its go version and GOEXPERIMENT from the
// binary's build information and the configuration lines of its first run (the engines), as key=value.
func buildLines(bs []build, configOf map[string][]string) []benchfmt.Config {
	if bs == nil {
		return nil
	}
	names := make([]string, len(bs))
	for i, b := range bs {
		names[i] = b.name
	}
	lines := runinfo.Lines(rawfmt.KeyBuilds, strings.Join(names, " "))
	for _, b := range bs {
		fields := []string{"go=" + b.toolchain, "goexperiment=" + b.experiment}
		if bi, err := buildinfo.ReadFile(b.bin.Path); err == nil {
			fields[0] = "go=" + bi.GoVersion
		}
		for _, l := range configOf[b.bin.Path] {
			k, v, _ := strings.Cut(l, ": ")
			fields = append(fields, k+"="+v)
		}
		lines = append(lines, runinfo.Line(rawfmt.KeyBuildPrefix+b.name, strings.Join(fields, " ")))
	}
	return lines
}
