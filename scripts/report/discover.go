package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// kindFull is the kind of a raw file without suffix: a run of the whole matrix. Other kinds are the
// suffix itself, such as quick or custom.
const kindFull = "full"

// rawFile is one raw benchmark output file of a machine.
type rawFile struct {
	path  string
	name  string // base name, e.g. 20261129T221500Z-quick.txt
	stamp string // the UTC timestamp part of the name
	kind  string // kindFull or the name's suffix (quick, custom)
}

// machine is one results/<machine-id> directory with raw output.
type machine struct {
	id   string
	dir  string
	raws []rawFile // newest first

	run     *runData // the run the report is built from; nil when none is usable
	skipped []string // newer candidates passed over, with the reason
	err     error    // why no run is usable
}

// findMachines lists the machines under dir that have a raw/ directory, sorted by id.
func findMachines(dir string) ([]machine, error) {
	names, err := subdirs(dir)
	if err != nil {
		return nil, err
	}
	var ms []machine
	for _, name := range names {
		mdir := filepath.Join(dir, name)
		raws, err := listRaw(filepath.Join(mdir, "raw"))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		ms = append(ms, machine{id: name, dir: mdir, raws: raws})
	}
	if len(ms) == 0 {
		return nil, fmt.Errorf("no machine under %s has a raw/ directory (expected %s/<machine-id>/raw/<timestamp>.txt)", dir, dir)
	}
	return ms, nil
}

// listRaw returns the *.txt files of a raw directory, newest first.
func listRaw(dir string) ([]rawFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading raw directory: %w", err)
	}
	var raws []rawFile
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".txt") || strings.HasPrefix(name, ".") {
			continue
		}
		stamp, kind := parseRawName(name)
		raws = append(raws, rawFile{path: filepath.Join(dir, name), name: name, stamp: stamp, kind: kind})
	}
	slices.SortFunc(raws, func(a, b rawFile) int {
		if c := strings.Compare(b.stamp, a.stamp); c != 0 {
			return c
		}
		return strings.Compare(b.name, a.name)
	})
	return raws, nil
}

// parseRawName splits <timestamp>[-suffix].txt into the timestamp and the run kind.
func parseRawName(name string) (stamp, kind string) {
	base := strings.TrimSuffix(name, ".txt")
	stamp, suffix, found := strings.Cut(base, "-")
	if !found {
		return stamp, kindFull
	}
	return stamp, suffix
}

// candidates orders a machine's raw files by preference: full runs newest first, then the rest
// newest first.
func candidates(raws []rawFile) []rawFile {
	var full, other []rawFile
	for _, r := range raws {
		if r.kind == kindFull {
			full = append(full, r)
		} else {
			other = append(other, r)
		}
	}
	return append(full, other...)
}

// selectRun loads the most preferred raw file of m that holds at least one benchmark result.
// It returns the run, the candidates skipped on the way and why, or an error when none is usable.
func selectRun(m *machine) (*runData, []string, error) {
	var skipped []string
	for _, raw := range candidates(m.raws) {
		rd, err := loadRun(raw)
		if err != nil {
			skipped = append(skipped, fmt.Sprintf("raw/%s: %v", raw.name, err))
			continue
		}
		return rd, skipped, nil
	}
	if len(m.raws) == 0 {
		return nil, nil, fmt.Errorf("machine %s: no raw files in %s", m.id, filepath.Join(m.dir, "raw"))
	}
	return nil, skipped, fmt.Errorf("machine %s: no usable raw file in %s: %s", m.id, filepath.Join(m.dir, "raw"), strings.Join(skipped, "; "))
}

// otherReports lists the directories under dir that are not machines but hold a README.md, such as
// the conformance report, sorted by name.
func otherReports(dir string) ([]string, error) {
	names, err := subdirs(dir)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(names, func(name string) bool {
		_, rawErr := os.Stat(filepath.Join(dir, name, "raw"))
		_, readmeErr := os.Stat(filepath.Join(dir, name, "README.md"))
		return !errors.Is(rawErr, fs.ErrNotExist) || readmeErr != nil
	}), nil
}

// subdirs lists the directories under the results directory dir that are not hidden, sorted by
// name.
func subdirs(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("reading results directory: %w", err)
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	return names, nil
}

func hasMachine(ms []machine, id string) bool {
	return slices.ContainsFunc(ms, func(m machine) bool { return m.id == id })
}

func machineIDs(ms []machine) string {
	ids := make([]string, len(ms))
	for i, m := range ms {
		ids[i] = m.id
	}
	return strings.Join(ids, ", ")
}
