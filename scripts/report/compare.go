package main

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// compareRuns prints benchstat of every cell, old against new. Each side is a raw file or a
// directory of them, whose results are pooled.
func compareRuns(oldArg, newArg string, w io.Writer) error {
	dir, err := os.MkdirTemp("", "jsoncost-compare-")
	if err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	defer os.RemoveAll(dir)

	oldLabel, newLabel := oldArg, newArg
	if oldLabel == newLabel {
		oldLabel, newLabel = oldArg+" (old)", newArg+" (new)"
	}
	var args []string
	for _, side := range []struct{ arg, label, tmp string }{
		{oldArg, oldLabel, "old.txt"},
		{newArg, newLabel, "new.txt"},
	} {
		files, err := rawInputs(side.arg)
		if err != nil {
			return fmt.Errorf("compare: %w", err)
		}
		data, summary, err := pooledResults(files)
		if err != nil {
			return fmt.Errorf("compare %s: %w", side.arg, err)
		}
		fmt.Fprintf(w, "%s: %s\n", side.label, summary)
		tmp := filepath.Join(dir, side.tmp)
		if err := os.WriteFile(tmp, data, 0o644); err != nil {
			return fmt.Errorf("compare: %w", err)
		}
		args = append(args, side.label+"="+tmp)
	}
	fmt.Fprintln(w)
	out, err := benchstat(nil, append([]string{"-table", "/op", "-row", "/fixture,/codec", "-col", ".file"}, args...)...)
	if err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	_, err = w.Write(out)
	return err
}

// rawInputs lists the raw files named by arg: the file itself, or the *.txt files of a directory.
func rawInputs(arg string) ([]string, error) {
	fi, err := os.Stat(arg)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		return []string{arg}, nil
	}
	files, err := filepath.Glob(filepath.Join(arg, "*.txt"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no *.txt raw files in %s", arg)
	}
	slices.Sort(files)
	return files, nil
}

// pooledResults reads every cell result of files, keeps the table units and returns them as
// benchfmt in report order (so benchstat's rows follow it), with a one-line summary of what was
// read.
func pooledResults(files []string) ([]byte, string, error) {
	type keyed struct {
		key cellKey
		res *benchfmt.Result
	}
	var results []keyed
	var config []configLine
	var bad []string
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, "", err
		}
		r := benchfmt.NewReader(bytes.NewReader(data), path)
		for r.Scan() {
			switch rec := r.Result().(type) {
			case *benchfmt.SyntaxError:
				bad = append(bad, rec.Error())
			case *benchfmt.Result:
				k, ok := parseCellName(rec.Name)
				if !ok {
					continue
				}
				if config == nil {
					config = fileConfig(rec)
				}
				results = append(results, keyed{k, tableResult(rec)})
			}
		}
		if err := r.Err(); err != nil {
			return nil, "", fmt.Errorf("reading %s: %w", path, err)
		}
	}
	if len(results) == 0 {
		return nil, "", fmt.Errorf("no benchmark results in %s", strings.Join(files, ", "))
	}
	codecs := codecCompare(config)
	slices.SortStableFunc(results, func(x, y keyed) int {
		a, b := x.key, y.key
		return cmp.Or(naturalCompare(a.op, b.op), fixtureCompare(a.fixture, b.fixture), codecs(a.codec, b.codec))
	})
	sorted := make([]*benchfmt.Result, len(results))
	for i, r := range results {
		sorted[i] = r.res
	}
	data, err := benchfmtBytes(sorted)
	if err != nil {
		return nil, "", err
	}
	summary := fmt.Sprintf("%d results from %s", len(results), strings.Join(files, ", "))
	if len(bad) > 0 {
		summary += fmt.Sprintf("; %d unparsable lines skipped (first: %s)", len(bad), bad[0])
	}
	return data, summary, nil
}
