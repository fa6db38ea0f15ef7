package render

import (
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// benchstatPath locates the module's benchstat tool once, for every table.
var benchstatPath = sync.OnceValues(func() (string, error) {
	out, err := output(exec.Command("go", "tool", "-n", "benchstat"), "locating benchstat (go tool -n benchstat, run from the module root)")
	return strings.TrimSpace(string(out)), err
})

// Benchstat runs benchstat with args, feeding it stdin.
func Benchstat(stdin []byte, args ...string) ([]byte, error) {
	path, err := benchstatPath()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(path, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	return output(cmd, "benchstat "+strings.Join(args, " "))
}

// output runs cmd and returns its standard output; its error names cmd by
// what and says what cmd wrote to standard error.
func output(cmd *exec.Cmd, what string) ([]byte, error) {
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %w: %s", what, err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// tables runs benchstat per operation into files, as tables/<op>.txt: rows
// fixture, columns codec, the operation's base (model.BaseOf) first, so
// every cell shows its ratio to it.
func tables(r *load.Run, files map[string][]byte) error {
	for _, op := range r.Ops {
		cols := r.Columns(op)
		if len(cols) == 0 {
			continue
		}
		if i := slices.Index(cols, model.BaseOf(r, op)); i > 0 {
			cols = slices.Concat(cols[i:i+1], cols[:i], cols[i+1:])
		}
		rows := slices.DeleteFunc(slices.Clone(r.Fixtures), func(f string) bool {
			return !slices.ContainsFunc(cols, func(c string) bool { return len(r.Ns(op, f, c)) > 0 })
		})
		in, err := r.Table(op)
		if err != nil {
			return fmt.Errorf("table %s: %w", op, err)
		}
		files["tables/"+op+".txt"], err = Benchstat(in,
			"-col", "/"+rawfmt.KeyCodec+"@("+strings.Join(cols, " ")+")",
			"-row", "/"+rawfmt.KeyFixture+"@("+strings.Join(rows, " ")+")",
			"-")
		if err != nil {
			return fmt.Errorf("table %s: %w", op, err)
		}
	}
	return nil
}

// NoiseMatch writes, as Match, how far the busy neighbour moved the figures
// of noise run r (make bench-noise): its rounds beside the neighbour (on)
// against those without (off).
func NoiseMatch(w io.Writer, r *load.Run) error {
	if len(r.Builds) != 2 {
		return fmt.Errorf("%s: want the rounds without the neighbour and beside it, have %d parts", r.Raw.File, len(r.Builds))
	}
	return Match(w, model.MatchRuns(r.Builds[0], r.Builds[1]), "off", "on", 20)
}

// Match writes how two runs (or the two halves of a noise run) agree, as
// make compare prints it: the cells compared and on what, how many of their
// intervals overlap, the median difference, and the cells whose change's
// interval leaves out 1, the largest first (at most max).
func Match(w io.Writer, m model.Match, oldName, newName string, max int) error {
	fmt.Fprintf(w, "%d cells compared on %s (%d only in %s, %d only in %s).\n", len(m.Cells), m.Figure, m.OnlyOld, oldName, m.OnlyNew, newName)
	if !m.Exact {
		fmt.Fprintf(w, "Their 95%% intervals overlap in %s of the cells.\n", format.Percent(100*m.Overlap))
	}
	fmt.Fprintf(w, "The median difference is %s.\n", format.Percent(100*m.MedianDiff))
	if m.SpeedCells > 0 {
		fmt.Fprintf(w, "The host's speed, %s against %s: %s (the bases' ns/op, geometric mean over %s).\n",
			newName, oldName, format.Ratio(m.HostSpeed), format.Plural(m.SpeedCells, "cell"))
	}
	if m.Apart() {
		fmt.Fprintf(w, "That is more than %s apart: codecs do not slow alike when the host does, and each interval covers only its own run's state, so these figures disagree by more than their intervals say. Compare runs made at about the same speed.\n",
			format.Ratio(model.HostSpeedApart))
	}
	beyond := format.If(!m.Exact, " beyond its interval")
	if len(m.Changed) == 0 {
		fmt.Fprintf(w, "No cell changed%s.\n", beyond)
		return nil
	}
	fmt.Fprintf(w, "%s changed%s, largest change first:\n", format.Plural(len(m.Changed), "cell"), strings.Replace(beyond, "its interval", "their intervals", 1))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s/%s\t95%% CI\t%s\t%s\t  cell\t\n", newName, oldName, oldName, newName)
	for _, c := range m.Changed[:min(len(m.Changed), max)] {
		ci := format.None
		if c.Change.ShowsCI() {
			ci = "[" + format.Ratio(c.Change.Lo) + ", " + format.Ratio(c.Change.Hi) + "]"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t  %s\t\n", format.Ratio(c.Change.V), ci, format.Sig(c.Old.V), format.Sig(c.New.V), c.Cell)
	}
	return tw.Flush()
}
