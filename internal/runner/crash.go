package runner

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// A crashWatch passes what the benchmark binary writes to stderr on to w
// and keeps the first line with which the Go runtime reports a crash: an
// unrecovered panic ("panic: …") or a fatal error ("fatal error: stack
// overflow").
type crashWatch struct {
	w       io.Writer
	partial []byte // the start of a line not yet ended, up to maxCrashLine
	first   string // the first crash line, or ""
}

// maxCrashLine is how much of a line a crashWatch keeps.
const maxCrashLine = 1 << 10

func (c *crashWatch) Write(p []byte) (int, error) {
	for rest := p; c.first == "" && len(rest) > 0; {
		line, after, ended := bytes.Cut(rest, []byte("\n"))
		c.partial = append(c.partial, line[:min(len(line), maxCrashLine-len(c.partial))]...)
		if !ended {
			break
		}
		if bytes.HasPrefix(c.partial, []byte(panicPrefix)) || bytes.HasPrefix(c.partial, []byte(fatalPrefix)) {
			c.first = string(c.partial)
		}
		c.partial, rest = c.partial[:0], after
	}
	return c.w.Write(p)
}

// The Go runtime starts its report of a crash with one of these.
const (
	panicPrefix = "panic: "
	fatalPrefix = "fatal error: "
)

// crashError says that the binary ended with err while cell ran, with the
// runtime's first line about it, if any.
func crashError(cell rawfmt.Cell, line string, err error) error {
	if why, ok := strings.CutPrefix(line, panicPrefix); ok {
		return fmt.Errorf("%s panicked: %s", cell, why)
	}
	if line != "" {
		return fmt.Errorf("%s crashed: %s", cell, line)
	}
	return fmt.Errorf("%s: benchmark binary: %w", cell, err)
}
