package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
	"github.com/jsoncost/jsoncost/internal/report/render"
)

// compareRuns compares two runs, each a raw file or a directory of them pooled.
// It prints what differs between their machines and toolchains, a summary,
// the cells whose change is significant by size of effect and how many did
// not change, and writes benchstat of every cell, old against new, to a file
// it names in os.TempDir, leaving the raw directories as they were.
// benchstat reads both pools from one stream; a sideKey line labels each.
func compareRuns(oldArg, newArg string, w io.Writer) error {
	oldLabel, newLabel := oldArg, newArg
	if oldLabel == newLabel {
		oldLabel, newLabel = oldArg+" (old)", newArg+" (new)"
	}
	sides := []struct{ arg, label string }{{oldArg, oldLabel}, {newArg, newLabel}}
	pools := make([]*load.Pool, len(sides))
	for i, side := range sides {
		pool, err := load.ReadPool(side.arg)
		if err != nil {
			return fmt.Errorf("compare %s: %w", side.arg, err)
		}
		pools[i] = pool
	}
	if d := differences(pools[0], pools[1]); d != "" {
		fmt.Fprintf(w, "Note: OLD and NEW ran on different machines or toolchains (%s): every change below includes that difference.\n\n", d)
	}
	var all []*benchfmt.Result
	for i, side := range sides {
		pool := pools[i]
		summary := fmt.Sprintf("%d results from %s", len(pool.Results), strings.Join(pool.Files, ", "))
		if len(pool.Bad) > 0 {
			summary += fmt.Sprintf("; %d unparsable lines skipped (first: %s)", len(pool.Bad), pool.Bad[0])
		}
		fmt.Fprintf(w, "%s: %s\n", side.label, summary)
		for _, res := range pool.Results {
			res.SetConfig(sideKey, side.label)
			i, _ := res.ConfigIndex(sideKey)
			res.Config[i].File = true // written, so that benchstat reads it
		}
		all = append(all, pool.Results...)
	}
	in, err := render.Benchfmt(all)
	if err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	out, err := render.Benchstat(in, "-table", "/"+rawfmt.KeyOp, "-row", "/"+rawfmt.KeyFixture+",/"+rawfmt.KeyCodec, "-col", sideKey, "-")
	if err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	var note string
	if bytes.Contains(out, []byte(infinite)) {
		// Same width, so benchstat's columns stay aligned.
		out = bytes.ReplaceAll(out, []byte(infinite), []byte(strings.Repeat(" ", utf8.RuneCountInString(infinite))))
		note = fmt.Sprintf("Cells with fewer than %d samples have no interval: benchstat cannot give a %.0f%% confidence interval of a median from so few, so their medians stand alone, without ±.\n",
			model.MinMedianSamples, 100*model.Confidence)
	}
	full, err := writeTemp(out)
	if err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	fmt.Fprintf(w, "\nbenchstat of every cell, old against new: %s\n%s\n", full, note)
	return render.DiffSummary(w, model.Diffs(pools[0].Results, pools[1].Results, load.TableUnits))
}

// compareKeys are the configuration lines that say where and with what a run
// was measured, which differences names when OLD and NEW differ in them.
var compareKeys = []string{rawfmt.KeyMachine, rawfmt.KeyCPU, rawfmt.KeyGo}

// differences lists, as "key a → b; …", the compareKeys whose values differ
// between the results of old and new, each side's values in the order they
// come; a key one side does not record is left out. It is "" when none differ.
func differences(old, new *load.Pool) string {
	values := func(p *load.Pool, key string) []string {
		var vs []string
		for _, res := range p.Results {
			if v := res.GetConfig(key); v != "" && !slices.Contains(vs, v) {
				vs = append(vs, v)
			}
		}
		return vs
	}
	var out []string
	for _, key := range compareKeys {
		o, n := values(old, key), values(new, key)
		if len(o) > 0 && len(n) > 0 && !slices.Equal(o, n) {
			out = append(out, fmt.Sprintf("%s %s → %s", key, strings.Join(o, ", "), strings.Join(n, ", ")))
		}
	}
	return strings.Join(out, "; ")
}

const (
	sideKey  = "compared" // the configuration key that tells benchstat a result's run
	infinite = "± ∞"      // how benchstat writes the interval it cannot give
)

// writeTemp writes data to a new file in os.TempDir and returns its name; on
// failure it leaves no file behind.
func writeTemp(data []byte) (string, error) {
	f, err := os.CreateTemp("", "jsoncost-compare-*.txt")
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if err = errors.Join(err, f.Close()); err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}
