// Command conformance runs the semantic probes, the JSONTestSuite corpus and
// the bad-input suite on every registered codec configuration and writes
// their tables to results/conformance.
//
// Each configuration runs in child processes of this binary (package probes),
// so a codec that crashes or hangs is recorded and the run goes on. Every file
// is rendered before any is written, and each is written atomically.
//
//	go run ./scripts/conformance
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/codecs/probes"
	"github.com/jsoncost/jsoncost/internal/safefile"
)

// out is where the tables go.
const out = "results/conformance"

func main() {
	probes.ServeChild(codecs.All())
	log.SetFlags(0)
	log.SetPrefix("conformance: ")
	pages, err := probes.Pages(codecs.All(), probes.Options{Log: os.Stderr})
	if err != nil {
		log.Fatal(err)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		log.Fatal(err)
	}
	for name, data := range pages {
		if err := safefile.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
