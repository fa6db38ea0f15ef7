// Command conformance runs the semantic probes, the JSONTestSuite corpus and
// the bad-input suite on every registered codec configuration and writes
// their tables to results/conformance.
//
// Each configuration runs in child processes of this binary (package probes),
// so a codec that crashes or hangs is recorded and the run goes on. Every file
// is rendered before any is written, and each is written atomically.
//
//	go run ./scripts/conformance [-out results/conformance] [-codecs spec]
package main

import (
	"flag"
	"log"
	"os"
	"path/filepath"
	"slices"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/codecs/probes"
	"github.com/jsoncost/jsoncost/internal/safefile"
)

func main() {
	probes.ServeChild(codecs.All())
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
	pages, err := probes.Pages(cs, probes.Options{Log: os.Stderr})
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for name, data := range pages {
		if err := safefile.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// selection returns the configurations spec selects, with the ones the
// tables are read against added in registry order.
func selection(spec string) ([]*codecs.Codec, error) {
	picked, err := codecs.All().Select(spec)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(codecs.All(), func(c *codecs.Codec) bool {
		return !slices.Contains(picked, c) && c.Name != probes.Reference && c.Name != probes.V2Reference
	}), nil
}
