package main

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/safefile"
)

// A Placement is one raw file of the artifacts and where it goes.
type Placement struct {
	From, To string // To is results/<machine-id>/raw/<name>
	data     []byte
}

// machineID is what rawfmt.MachineID makes: lower-case words joined by hyphens.
var machineID = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Plan places every file under artifacts in results. It fails, placing
// nothing, with one line per refused file (errors.Join), or when artifacts
// holds no file.
func Plan(artifacts, results string) ([]Placement, error) {
	have, err := contents(results)
	if err != nil {
		return nil, err
	}
	var plan []Placement
	var refused []error
	taken := map[string]string{}   // a destination → the artifact file first given for it
	given := map[[32]byte]string{} // a content → the artifact file first given with it
	walkErr := filepath.WalkDir(artifacts, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		pl, err := place(p, d.Name(), results)
		sum := sha256.Sum256(pl.data)
		switch {
		case err != nil:
		case have[sum] != "":
			err = fmt.Errorf("already in results as %s", have[sum])
		case given[sum] != "":
			err = fmt.Errorf("a second copy of %s", given[sum])
		case taken[pl.To] != "":
			err = fmt.Errorf("a second run for %s, after %s", pl.To, taken[pl.To])
		default:
			if _, statErr := os.Lstat(pl.To); statErr == nil {
				err = fmt.Errorf("%s is already in results", pl.To)
			}
		}
		if err != nil {
			refused = append(refused, fmt.Errorf("%s: refused: %w", p, err))
			return nil
		}
		given[sum], taken[pl.To] = p, p
		plan = append(plan, pl)
		return nil
	})
	switch {
	case walkErr != nil:
		return nil, fmt.Errorf("reading artifacts: %w", walkErr)
	case len(refused) > 0:
		return nil, errors.Join(refused...)
	case len(plan) == 0:
		return nil, fmt.Errorf("%s holds no raw file", artifacts)
	}
	return plan, nil
}

// place reads the artifact file at p and says where it goes, or why it is refused.
func place(p, name, results string) (Placement, error) {
	if rawfmt.IsPartial(name) {
		return Placement{}, errors.New("cut short: a .partial file is a run that did not finish")
	}
	rn, err := rawfmt.ParseRawName(name)
	if err != nil {
		return Placement{}, err
	}
	run, err := load.Load(load.Raw{Path: p, File: name, Name: rn})
	if err != nil {
		return Placement{}, fmt.Errorf("cut short or not one run: %w", err)
	}
	if commit, _ := run.Value(rawfmt.KeyCommit); !run.Committed() {
		return Placement{}, fmt.Errorf("%s %q: not from a committed tree (changes outside results/, or no checkout)", rawfmt.KeyCommit, commit)
	}
	id, _ := run.Value(rawfmt.KeyMachine)
	if !machineID.MatchString(id) {
		return Placement{}, fmt.Errorf("%s %q is not a machine id", rawfmt.KeyMachine, id)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return Placement{}, fmt.Errorf("reading artifact: %w", err)
	}
	return Placement{From: p, To: filepath.Join(results, id, load.RawDir, name), data: data}, nil
}

// contents maps the content of every raw file under results to its path.
func contents(results string) (map[[32]byte]string, error) {
	paths, _ := filepath.Glob(filepath.Join(results, "*", load.RawDir, "*")) // a valid pattern cannot fail
	have := map[[32]byte]string{}
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("reading results: %w", err)
		}
		have[sha256.Sum256(data)] = p
	}
	return have, nil
}

// Place writes every file of the plan to its place.
func Place(plan []Placement) error {
	for _, pl := range plan {
		err := os.MkdirAll(filepath.Dir(pl.To), 0o755)
		if err == nil {
			err = safefile.WriteFile(pl.To, pl.data, 0o644)
		}
		if err != nil {
			return fmt.Errorf("placing %s: %w", pl.From, err)
		}
	}
	return nil
}
