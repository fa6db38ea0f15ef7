package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// run runs the rounds of o and writes the raw file, reporting progress,
// skips and failures to stderr.
func run(ctx context.Context, o options, stderr io.Writer) error {
	if _, ok := stderr.(*os.File); !ok {
		// The binary's stderr is copied to it while the runner writes.
		stderr = &lockedWriter{w: stderr}
	}
	cells, skipped, err := jsoncost.Matrix(o.sel)
	if err != nil {
		return err // it names the dimension and lists the valid names
	}
	if len(cells) == 0 {
		return noCells(skipped)
	}
	if withBase(&o) {
		fmt.Fprintf(stderr, "adding %s to the codecs: every ratio is against it (-no-base leaves it out)\n", rawfmt.Base)
		if cells, skipped, err = jsoncost.Matrix(o.sel); err != nil {
			return err
		}
	}
	summarizeSkips(stderr, skipped)
	for o.seed == 0 {
		o.seed = rand.Uint64()
	}
	name := rawfmt.NewRawName(time.Now(), rawfmt.MatrixKind(o.quick, !o.sel.IsZero()))

	bin, dir, err := runner.Build(ctx, o.bin, stderr)
	defer os.RemoveAll(dir)
	if err != nil {
		return err
	}
	b := runner.Binary{Path: bin, Args: o.sel.Args(rawfmt.BinaryFlagPrefix), Stderr: stderr}
	header, err := b.Probe(ctx)
	if err != nil {
		return err
	}
	id := rawfmt.MachineID(runtime.GOOS, runtime.GOARCH, runinfo.CPU())
	path := filepath.Join(o.results, id, "raw", name.String())
	parts := split(cells, o.sel, o.benchtime, o.large, o.fieldsPasses)
	b.Args = nil // each part selects its own cells
	m := &timer{bin: b, parts: parts, seed: o.seed}
	err = runner.WriteRaw(path, false, stderr, func(w io.Writer) error {
		if err := writeConfig(w, o, id, bin, header); err != nil {
			return fmt.Errorf("writing %s: %w", path, err)
		}
		return runner.Rounds(ctx, m, o.rounds, perRound(parts), w, stderr)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s\n", path)
	return nil
}

// withBase adds the base configuration to a narrowed codec selection that
// lacks it, unless o.noBase, and reports whether it did. The selection is
// one Matrix accepted.
func withBase(o *options) bool {
	if o.noBase || o.sel.Codecs == "" {
		return false
	}
	cs, _ := codecs.Select(o.sel.Codecs)
	for _, c := range cs {
		if c.Name == rawfmt.Base {
			return false
		}
	}
	o.sel.Codecs += "," + regexp.QuoteMeta(rawfmt.Base)
	return true
}

func joinCells(cells []rawfmt.Cell) string {
	s := make([]string, len(cells))
	for i, c := range cells {
		s[i] = c.String()
	}
	return strings.Join(s, ", ")
}

// A lockedWriter serializes writes to w.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
