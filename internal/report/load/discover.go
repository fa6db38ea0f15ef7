package load

import (
	"cmp"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// RawDir is the directory of a machine that holds its raw files.
const RawDir = "raw"

// Raw is one raw file of a machine.
type Raw struct {
	Path  string // on disk
	File  string // base name
	Name  rawfmt.RawName
	Instr *Raw // the machine's newest instruction count, on its newest full run
}

// Full reports whether the file is a run of the whole matrix.
func (r Raw) Full() bool { return r.Name.Kind == rawfmt.KindFull }

// Kind names the file's kind in prose: full, quick or custom.
func (r Raw) Kind() string { return cmp.Or(r.Name.Kind, "full") }

// A Machine is one results/<machine-id> directory with a raw/ directory.
type Machine struct {
	ID, Dir string
	Raws    []Raw    // the runs the report reads, newest first
	Instr   []Raw    // the instruction counts, newest first
	Ignored []string // files of raw/ the report does not read, each with why
	// InProgress lists runs being written or interrupted; no page names them.
	InProgress []string
}

// readKinds are the kinds of raw files that are runs of their own.
var readKinds = []string{rawfmt.KindFull, rawfmt.KindQuick, rawfmt.KindCustom, rawfmt.KindUpgrade, rawfmt.KindNoise}

// Machines lists the machines under the results directory dir, by id.
func Machines(dir string) ([]Machine, error) {
	if _, err := os.ReadDir(dir); err != nil {
		return nil, fmt.Errorf("reading results directory: %w", err)
	}
	raws, _ := fs.Glob(os.DirFS(dir), notHidden+"/"+RawDir) // a valid pattern cannot fail
	var ms []Machine
	for _, raw := range raws {
		m := Machine{ID: path.Dir(raw), Dir: filepath.Join(dir, path.Dir(raw))}
		if err := m.list(); err != nil {
			return nil, err
		}
		ms = append(ms, m)
	}
	if len(ms) == 0 {
		return nil, fmt.Errorf("no machine under %s has a %s/ directory (run make bench)", dir, RawDir)
	}
	return ms, nil
}

// list fills m.Raws and m.Ignored from the machine's raw directory.
func (m *Machine) list() error {
	dir := filepath.Join(m.Dir, RawDir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("reading raw directory: %w", err)
	}
	for _, e := range entries {
		file := e.Name()
		name, err := rawfmt.ParseRawName(file)
		raw := Raw{Path: filepath.Join(dir, file), File: file, Name: name}
		switch {
		case e.IsDir(): // not a run
		case rawfmt.IsPartial(file):
			m.InProgress = append(m.InProgress, RawDir+"/"+file)
		case strings.HasPrefix(file, "."): // hidden, not a run
		case err != nil:
			m.Ignored = append(m.Ignored, fmt.Sprintf("%s/%s: %v", RawDir, file, err))
		case name.Kind == rawfmt.KindInstr:
			m.Instr = append(m.Instr, raw)
		case slices.Contains(readKinds, name.Kind):
			m.Raws = append(m.Raws, raw)
		default:
			m.Ignored = append(m.Ignored, fmt.Sprintf("%s/%s: this report does not read %q runs", RawDir, file, name.Kind))
		}
	}
	newestFirst := func(a, b Raw) int {
		return cmp.Or(b.Name.Stamp.Compare(a.Name.Stamp), strings.Compare(b.File, a.File))
	}
	slices.SortFunc(m.Raws, newestFirst)
	slices.SortFunc(m.Instr, newestFirst)
	if len(m.Instr) == 0 {
		return nil
	}
	for _, old := range m.Instr[1:] {
		m.Ignored = append(m.Ignored, fmt.Sprintf("%s/%s: an older instruction count (the page shows the newest, %s)", RawDir, old.File, m.Instr[0].File))
	}
	if i := slices.IndexFunc(m.Raws, Raw.Full); i >= 0 {
		m.Raws[i].Instr = &m.Instr[0]
	} else {
		m.Ignored = append(m.Ignored, fmt.Sprintf("%s/%s: instruction counts are shown beside a full run, and there is none", RawDir, m.Instr[0].File))
	}
	return nil
}

// OtherReports lists, by slash path under dir (those beside the machines
// first), the directories beside or inside the machines that hold a
// README.md the report does not build.
func OtherReports(dir string) []string {
	fsys := os.DirFS(dir)
	outer, _ := fs.Glob(fsys, notHidden+"/README.md")
	inner, _ := fs.Glob(fsys, notHidden+"/"+notHidden+"/README.md")
	var out []string
	for _, readme := range append(outer, inner...) {
		d := path.Dir(readme)
		machine, sub, isInner := strings.Cut(d, "/")
		_, err := fs.Stat(fsys, path.Join(machine, RawDir))
		if isInner == (err == nil) && !slices.Contains(builtDirs, sub) {
			out = append(out, d)
		}
	}
	return out
}

// builtDirs are the directories of a machine the report writes or reads.
var builtDirs = []string{RawDir, "runs", "charts", "tables"}

// notHidden is a glob pattern for a name that does not start with a dot.
const notHidden = "[^.]*"
