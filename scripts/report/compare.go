package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
	"github.com/jsoncost/jsoncost/internal/report/render"
)

// Two instruction counts of the same cells agree when the median relative
// difference is at most instrMedian and no codec cell's exceeds instrCell
// (make bench-instr-check). Old runs' allocating copies (rawfmt.AllocRef)
// count toward the median only: what their allocations cost varies with
// the process's heap layout by a few percent.
const (
	instrMedian = 0.002
	instrCell   = 0.01
)

// compareRuns is -compare (the command's doc says what it prints), with
// model.MatchRuns and render.Match. Two instruction counts that disagree
// beyond instrMedian or instrCell are an error.
func compareRuns(oldArg, newArg string, w io.Writer) error {
	var runs [2]*load.Run
	for i, arg := range []string{oldArg, newArg} {
		r, err := loadArg(arg)
		if err != nil {
			return fmt.Errorf("compare %s: %w", arg, err)
		}
		runs[i] = r
	}
	old, new := runs[0], runs[1]
	fmt.Fprintf(w, "OLD: %s\nNEW: %s\n", old.Raw.Path, new.Raw.Path)
	m := model.MatchRuns(old, new)
	if len(m.Setup) > 0 {
		fmt.Fprintf(w, "Note: OLD and NEW ran on different machines, toolchains or meters (%s): every change below includes that difference.\n", strings.Join(m.Setup, "; "))
	}
	fmt.Fprintln(w)
	if err := render.Match(w, m, "OLD", "NEW", 40); err != nil {
		return err
	}
	if path, err := benchstatOf(old, new); err != nil {
		return fmt.Errorf("compare: %w", err)
	} else if path != "" {
		fmt.Fprintf(w, "\nbenchstat of every cell's ns/op, old against new: %s\n", path)
	}
	if m.Exact {
		return instrVerdict(m)
	}
	return nil
}

// instrVerdict fails two instruction counts that disagree.
func instrVerdict(m model.Match) error {
	var over []string
	for _, c := range m.Cells {
		if d := c.New.V/c.Old.V - 1; (d > instrCell || d < -instrCell) && c.Cell.Codec != rawfmt.AllocRef {
			over = append(over, c.Cell.String())
		}
	}
	switch {
	case m.MedianDiff > instrMedian:
		return fmt.Errorf("the runs disagree: the median relative difference %.3f%% exceeds %.1f%%", 100*m.MedianDiff, 100*instrMedian)
	case len(over) > 0:
		return fmt.Errorf("the runs disagree: %d cells differ by more than %.0f%%: %s", len(over), 100*instrCell, strings.Join(over, ", "))
	}
	return nil
}

// loadArg loads a raw file, or the newest run of a directory of them.
func loadArg(arg string) (*load.Run, error) {
	path := arg
	if entries, err := os.ReadDir(arg); err == nil {
		var newest rawfmt.RawName
		for _, e := range entries {
			if n, err := rawfmt.ParseRawName(e.Name()); err == nil && n.Stamp.After(newest.Stamp) {
				newest, path = n, filepath.Join(arg, e.Name())
			}
		}
		if path == arg {
			return nil, errors.New("no raw file in the directory")
		}
	}
	name, err := rawfmt.ParseRawName(filepath.Base(path))
	if err != nil {
		return nil, err
	}
	return load.Load(load.Raw{Path: path, File: filepath.Base(path), Name: name})
}

// sideKey is the configuration key that tells benchstat a result's run.
const sideKey = "compared"

// benchstatOf writes benchstat of both runs' ns/op, B/op and allocs/op to a
// new file in os.TempDir and returns its name; "" when they have none.
func benchstatOf(old, new *load.Run) (string, error) {
	var in []byte
	for i, r := range []*load.Run{old, new} {
		in = fmt.Appendf(in, "%s: %s\n", sideKey, []string{"OLD", "NEW"}[i])
		for _, op := range r.Ops {
			table, err := r.Table(op)
			if err != nil {
				return "", err
			}
			in = append(in, table...)
		}
	}
	if !bytes.Contains(in, []byte("\nBenchmark")) {
		return "", nil
	}
	out, err := render.Benchstat(in, "-table", "/"+rawfmt.KeyOp, "-row", "/"+rawfmt.KeyFixture+",/"+rawfmt.KeyCodec, "-col", sideKey, "-")
	if err != nil {
		return "", err
	}
	f, err := os.CreateTemp("", "jsoncost-compare-*.txt")
	if err != nil {
		return "", err
	}
	_, err = f.Write(out)
	if err = errors.Join(err, f.Close()); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}
