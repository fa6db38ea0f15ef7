// Command conformance runs the semantic probes, the JSONTestSuite corpus and
// the bad-input suite on every registered codec configuration and writes
// their tables to results/conformance.
//
// Each configuration runs in child processes of this binary (see package
// probes), so a codec that crashes or hangs is recorded and the run goes on.
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

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/codecs/probes"
)

func main() {
	probes.ServeChild()
	log.SetFlags(0)
	log.SetPrefix("conformance: ")
	out := flag.String("out", "results/conformance", "directory to write the tables to")
	spec := flag.String("codecs", "", "configurations to run: comma-separated names or regular expressions (default all)")
	flag.Parse()
	if err := run(*out, *spec); err != nil {
		log.Fatal(err)
	}
}

func run(out, spec string) error {
	cs, err := codecs.Select(spec)
	if err != nil {
		return err
	}
	if _, err := probes.Reference(cs); err != nil {
		return fmt.Errorf("the tables compare with encoding/json, so the selection must include it: %w", err)
	}
	corpus, err := probes.JSONTestSuiteFile()
	if err != nil {
		return err
	}
	suite, err := probes.JSONTestSuite(corpus)
	if err != nil {
		return err
	}
	opt := probes.Options{Log: os.Stderr}

	files := map[string][]byte{"README.md": probes.Readme(cs)}
	for _, step := range []struct {
		file   string
		suite  *probes.Suite
		report func(*probes.Results) ([]byte, error)
	}{
		{"probes.md", probes.Probes(), probes.ProbeReport},
		{"jsontestsuite.md", suite, probes.SuiteReport},
		{"badinput.md", probes.BadInput(true), probes.BadInputReport},
	} {
		res, err := probes.Run(step.suite, cs, opt)
		if err != nil {
			return err
		}
		if files[step.file], err = step.report(res); err != nil {
			return fmt.Errorf("rendering %s: %w", step.file, err)
		}
	}

	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for name, data := range files {
		if err := writeFile(filepath.Join(out, name), data); err != nil {
			return err
		}
	}
	return nil
}

// writeFile writes data to a temporary file beside name and renames it into
// place, so a reader never sees half a table.
func writeFile(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if _, err := f.Write(data); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := f.Chmod(0o644); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return os.Rename(f.Name(), name)
}
