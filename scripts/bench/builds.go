package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/meter"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// DefaultBuilds are the builds of make bench-upgrade: the last Go 1.26, Go 1.27, and Go 1.27 with encoding/json on
// its v1 engine, which separates the JSON engine from the compiler and runtime.
const DefaultBuilds = "go1.26.8 go1.27.3 go1.27.3+nojsonv2"

// A build is a toolchain and GOEXPERIMENT the cells run under: "go1.27.3+nojsonv2" is GOTOOLCHAIN=go1.27.3 with
// GOEXPERIMENT=nojsonv2 (a second + adds a second experiment). The zero build is the running toolchain's.
type build struct {
	name, toolchain, experiment string
	modFile                     string          // a go.mod whose go line names the toolchain, written by compile
	info                        []string        // what its binary says of itself
	listed                      []runner.Listed // the cells its binary has
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
		if slices.ContainsFunc(bs, func(b build) bool { return b.name == name }) {
			return nil, fmt.Errorf("build %q listed twice", name)
		}
		bs = append(bs, build{name: name, toolchain: tc, experiment: strings.ReplaceAll(exp, "+", ",")})
	}
	if len(bs) < 2 {
		return nil, fmt.Errorf("-builds %q: want at least two builds to compare", s)
	}
	return bs, nil
}

// file is the start of the file names of b's binaries.
func (b *build) file() string {
	if b.name == "" {
		return "jsoncost-"
	}
	return strings.ReplaceAll(b.name, "+", "_") + "-"
}

func (b *build) env() []string {
	if b.name == "" {
		return nil
	}
	return []string{"GOTOOLCHAIN=" + b.toolchain, "GOEXPERIMENT=" + b.experiment}
}

// writeModFile writes b's copy of go.mod (and go.sum) into dir.
func (b *build) writeModFile(dir string) error {
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		return fmt.Errorf("-builds runs from the module root: %w", err)
	}
	sum, err := os.ReadFile("go.sum")
	if err != nil {
		return fmt.Errorf("-builds: %w", err)
	}
	goLine := regexp.MustCompile(`(?m)^go [0-9.]+$`)
	b.modFile = filepath.Join(dir, b.file()+"go.mod")
	if err := os.WriteFile(b.modFile, goLine.ReplaceAll(mod, []byte("go "+strings.TrimPrefix(b.toolchain, "go"))), 0o644); err != nil {
		return err
	}
	return os.WriteFile(strings.TrimSuffix(b.modFile, ".mod")+".sum", sum, 0o644)
}

// check holds what b's binary says of itself to b's name: its go line must
// be b's toolchain, its goexperiment b's experiments, and the engine of
// encoding/json the one they give. A build of the running toolchain checks nothing.
func (b *build) check(info []string) error {
	b.info = info
	if b.name == "" {
		return nil
	}
	got := map[string]string{}
	for _, l := range info {
		k, v, _ := strings.Cut(l, ": ")
		got[k] = strings.TrimSpace(v)
	}
	experiments := strings.Split(b.experiment, ",")
	wantEngine := "v2-engine"
	if b.toolchain < "go1.27" || slices.Contains(experiments, "nojsonv2") {
		wantEngine = "v1-engine"
	}
	if slices.Contains(experiments, "jsonv2") {
		wantEngine = "v2-engine"
	}
	switch {
	case !strings.HasPrefix(got[rawfmt.KeyGo], b.toolchain):
		return fmt.Errorf("build %s: its binary says go %q", b.name, got[rawfmt.KeyGo])
	case b.experiment != "" && got[rawfmt.KeyGOEXPERIMENT] != b.experiment:
		return fmt.Errorf("build %s: its binary was built with GOEXPERIMENT %q", b.name, got[rawfmt.KeyGOEXPERIMENT])
	case got[rawfmt.KeyStdEngine] != wantEngine:
		return fmt.Errorf("build %s: its binary runs encoding/json on the %s, not the %s", b.name, got[rawfmt.KeyStdEngine], wantEngine)
	}
	return nil
}

// buildLines records each build of an upgrade run: its name in the list of
// builds, then what its binary says of itself, as key=value.
func buildLines(bs []build) []benchfmt.Config {
	if len(bs) < 2 {
		return nil
	}
	var names []string
	var lines []benchfmt.Config
	for _, b := range bs {
		names = append(names, b.name)
		var fields []string
		for _, l := range b.info {
			k, v, _ := strings.Cut(l, ": ")
			if k == rawfmt.KeyGo || k == rawfmt.KeyGOEXPERIMENT || k == rawfmt.KeySonicEngine || k == rawfmt.KeyStdEngine {
				fields = append(fields, k+"="+strings.TrimSpace(v))
			}
		}
		lines = append(lines, runinfo.Line(rawfmt.KeyBuildPrefix+b.name, strings.Join(fields, " ")))
	}
	return append(runinfo.Lines(rawfmt.KeyBuilds, strings.Join(names, " ")), lines...)
}

// upgradePlan pairs every cell of the plan in each build with its partner
// in that build, and in every build after the first with itself in the
// first (rawfmt.UnitFirstBuildNs), where the builds have those cells.
func upgradePlan(bs []build, p *plan) []meter.Block {
	has := make([]map[rawfmt.Cell]bool, len(bs))
	for i, b := range bs {
		has[i] = map[rawfmt.Cell]bool{}
		for _, l := range b.listed {
			has[i][l.Cell] = true
		}
	}
	var blocks []meter.Block
	for _, blk := range p.blocks {
		nb := meter.Block{Name: blk.Name, Doc: blk.Doc}
		for _, pr := range blk.Pairs {
			for i := range bs {
				if !has[i][pr.Cell] {
					continue
				}
				if has[i][pr.Partner] {
					nb.Pairs = append(nb.Pairs, meter.Pair{Cell: pr.Cell, Build: i, Partner: pr.Partner, PartnerBuild: i, Unit: pr.Unit})
				}
				if i > 0 && has[0][pr.Cell] {
					nb.Pairs = append(nb.Pairs, meter.Pair{Cell: pr.Cell, Build: i, Partner: pr.Cell, Unit: rawfmt.UnitFirstBuildNs})
				}
			}
		}
		if len(nb.Pairs) > 0 {
			blocks = append(blocks, nb)
		}
	}
	return blocks
}
