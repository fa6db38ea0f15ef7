package main

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// Two counts of the same cells agree when the median relative difference is at
// most medianLimit and no cell's exceeds cellLimit. Old runs' allocating copies
// (rawfmt.AllocRef) count toward the median only: what their allocations cost
// varies with the process's heap layout by a few percent.
const (
	medianLimit = 0.002
	cellLimit   = 0.01
)

// compareFiles reports how far two instr raw files' figures lie apart over the
// cells both hold, and fails when they disagree.
func compareFiles(w io.Writer, pathA, pathB string) error {
	a, errA := readFigures(pathA)
	b, errB := readFigures(pathB)
	if err := cmp.Or(errA, errB); err != nil {
		return err
	}
	var (
		cells []rawfmt.Cell
		diffs []float64
		over  []string
	)
	for _, c := range slices.SortedFunc(maps.Keys(a), func(x, y rawfmt.Cell) int { return strings.Compare(x.Name(), y.Name()) }) {
		if vb, ok := b[c]; ok {
			cells = append(cells, c)
			diffs = append(diffs, math.Abs(vb-a[c])/a[c])
		}
	}
	if len(cells) == 0 {
		return fmt.Errorf("%s and %s have no cell in common", pathA, pathB)
	}
	mid := median(diffs)
	worst := slices.Index(diffs, slices.Max(diffs))
	fmt.Fprintf(w, "%d cells in common (%d only in %s, %d only in %s)\n", len(cells), len(a)-len(cells), pathA, len(b)-len(cells), pathB)
	fmt.Fprintf(w, "median relative difference %.3f%%, largest %.3f%% (%s)\n", 100*mid, 100*diffs[worst], cells[worst])
	for i, c := range cells {
		note := ""
		switch {
		case diffs[i] <= cellLimit:
			continue
		case c.Codec == rawfmt.AllocRef:
			note = "; an allocating copy, not held to the limit"
		default:
			over = append(over, c.String())
		}
		fmt.Fprintf(w, "  %s: %.1f → %.1f %s (%.2f%%%s)\n", c, a[c], b[c], rawfmt.UnitInstr, 100*diffs[i], note)
	}
	switch {
	case mid > medianLimit:
		return fmt.Errorf("the runs disagree: the median relative difference %.3f%% exceeds %.1f%%", 100*mid, 100*medianLimit)
	case len(over) > 0:
		return fmt.Errorf("the runs disagree: %d cells differ by more than %.0f%%: %s", len(over), 100*cellLimit, strings.Join(over, ", "))
	}
	fmt.Fprintln(w, "the runs agree")
	return nil
}

// readFigures reads each cell's instructions per operation from a raw file.
func readFigures(path string) (map[rawfmt.Cell]float64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	figures := map[rawfmt.Cell]float64{}
	for r := benchfmt.NewReader(bytes.NewReader(data), path); r.Scan(); {
		switch rec := r.Result().(type) {
		case *benchfmt.SyntaxError:
			return nil, rec
		case *benchfmt.Result:
			c, ok := rawfmt.ParseCell(rec.Name)
			v, has := rec.Value(rawfmt.UnitInstr)
			_, dup := figures[c]
			switch {
			case !ok || !has:
			case dup:
				return nil, fmt.Errorf("%s: %s appears twice", path, c)
			case !(v > 0):
				return nil, fmt.Errorf("%s: %s has %v %s", path, c, v, rawfmt.UnitInstr)
			default:
				figures[c] = v
			}
		}
	}
	if len(figures) == 0 {
		return nil, errors.New(path + " holds no " + rawfmt.UnitInstr + " results")
	}
	return figures, nil
}
