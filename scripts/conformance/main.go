// Command conformance runs the semantic probes, the JSONTestSuite corpus and
// the bad-input suite on every registered codec configuration and writes
// their tables to results/conformance.
//
// Each configuration runs in child processes of this binary (see package
// probes), so a codec that crashes or hangs is recorded and the run goes on.
// The probes run first: the categories are derived from them, and they
// explain the other suites' outcomes. Every file is rendered before any is
// written, and each is written atomically.
//
// Usage:
//
//	go run ./scripts/conformance [-out results/conformance] [-codecs spec]
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"slices"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/codecs/probes"
	"github.com/jsoncost/jsoncost/internal/safefile"
)

func main() {
	probes.ServeChild()
	log.SetFlags(0)
	log.SetPrefix("conformance: ")
	out := flag.String("out", "results/conformance", "directory to write the tables to")
	spec := flag.String("codecs", "", "configurations to run: comma-separated names or regular expressions (default all; encoding-json and "+probes.V2Reference+", which the tables are read against, always run)")
	flag.Parse()
	if err := run(*out, *spec); err != nil {
		log.Fatal(err)
	}
}

func run(out, spec string) error {
	cs, err := selection(spec)
	if err != nil {
		return err
	}
	dir, err := probes.JSONTestSuiteDir()
	if err != nil {
		return err
	}
	suite, err := probes.JSONTestSuite(dir)
	if err != nil {
		return err
	}
	opt := probes.Options{Log: os.Stderr}

	probeRes, err := probes.Run(probes.Probes(), cs, opt)
	if err != nil {
		return err
	}
	files := map[string][]byte{}
	if files["README.md"], err = probes.Readme(cs); err != nil {
		return err
	}
	if files["probes.md"], err = probes.ProbeReport(probeRes); err != nil {
		return fmt.Errorf("rendering probes.md: %w", err)
	}
	for _, step := range []struct {
		file   string
		suite  *probes.Suite
		report func(r, probes *probes.Results) ([]byte, error)
	}{
		{"jsontestsuite.md", suite, probes.SuiteReport},
		{"badinput.md", probes.BadInput(true), probes.BadInputReport},
	} {
		res, err := probes.Run(step.suite, cs, opt)
		if err != nil {
			return err
		}
		if files[step.file], err = step.report(res, probeRes); err != nil {
			return fmt.Errorf("rendering %s: %w", step.file, err)
		}
	}

	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for name, data := range files {
		if err := safefile.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// selection returns the configurations spec selects, with the ones the
// tables are read against added in registry order.
func selection(spec string) ([]*codecs.Codec, error) {
	picked, err := codecs.Select(spec)
	if err != nil {
		return nil, err
	}
	ref, err := probes.Reference(codecs.All())
	if err != nil {
		return nil, err
	}
	var cs []*codecs.Codec
	for _, c := range codecs.All() {
		if slices.Contains(picked, c) || c == ref || c.Name == probes.V2Reference {
			cs = append(cs, c)
		}
	}
	return cs, nil
}
