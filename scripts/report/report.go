package main

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// page is everything a machine's report shows.
type page struct {
	m       *machine
	rd      *runData
	model   []modelRow
	seed    seedTable
	hits    []hitsRow
	harness harness
	tables  []table
	charts  []chart
	notes   []string // what is missing or odd in the data
}

// report is a machine's output files (paths relative to its directory) and its data notes.
type report struct {
	files map[string][]byte
	notes []string
}

// buildReport computes and renders the report of a machine's selected run.
func buildReport(m *machine) (report, error) {
	rd := m.run
	pg := &page{m: m, rd: rd, model: buildModel(rd), seed: buildSeed(rd), hits: buildHits(rd), harness: buildHarness(rd)}
	var err error
	if pg.tables, err = buildTables(rd); err != nil {
		return report{}, err
	}
	if pg.charts, err = buildCharts(rd); err != nil {
		return report{}, err
	}
	pg.notes = dataNotes(pg)
	files := map[string][]byte{
		"README.md": renderMachine(pg),
		"model.csv": modelCSV(pg.model),
	}
	for _, t := range pg.tables {
		files["tables/"+t.op+".txt"] = t.text
	}
	for _, c := range pg.charts {
		files[c.file] = c.svg
	}
	return report{files: files, notes: pg.notes}, nil
}

// harness compares the harness's own cost with the cheapest cells.
type harness struct {
	noop, noopAllocs          summary
	hasNoop, hasNoopAllocs    bool
	cheapest, cheapestCodec   cellKey // the cheapest cell, and the cheapest that is not the floor
	cheapestNs, cheapestCodNs summary
}

func buildHarness(rd *runData) harness {
	var h harness
	if s := rd.cells[rd.harness][unitNs]; len(s) > 0 {
		h.noop, h.hasNoop = summarize(s), true
	}
	if s := rd.cells[rd.harness][unitAllocs]; len(s) > 0 {
		h.noopAllocs, h.hasNoopAllocs = summarize(s), true
	}
	best, bestCodec := math.Inf(1), math.Inf(1)
	for _, op := range rd.ops {
		for _, f := range rd.fixtures {
			for _, codec := range rd.codecs {
				s := rd.samples(op, f, codec, unitNs)
				if len(s) == 0 {
					continue
				}
				k, m := cellKey{op, f, codec}, median(s)
				if m < best {
					best, h.cheapest = m, k
				}
				if codec != floorCodec && m < bestCodec {
					bestCodec, h.cheapestCodec = m, k
				}
			}
		}
	}
	if h.cheapest != (cellKey{}) {
		h.cheapestNs = summarize(rd.cells[h.cheapest][unitNs])
	}
	if h.cheapestCodec != (cellKey{}) {
		h.cheapestCodNs = summarize(rd.cells[h.cheapestCodec][unitNs])
	}
	return h
}

// dataNotes says what the run lacks or what was wrong with it, so the page never presents a gap
// as a result.
func dataNotes(pg *page) []string {
	rd, m := pg.rd, pg.m
	var notes []string
	add := func(format string, args ...any) { notes = append(notes, fmt.Sprintf(format, args...)) }

	if rd.raw.kind != kindFull {
		add("There is no usable full run of this machine: this page is built from the newest %s run, raw/%s. Run `make bench` for the full matrix.", rd.raw.kind, rd.raw.name)
	}
	for _, s := range m.skipped {
		add("Skipped %s.", s)
	}
	if n := len(rd.syntaxErrors); n > 0 {
		add("%d lines of raw/%s could not be parsed and were left out (first: %s).", n, rd.raw.name, firstN(rd.syntaxErrors, maxQuotedErrors))
	}
	if rd.unnamed > 0 {
		add("%d results without op=, fixture= and codec= in their names were left out.", rd.unnamed)
	}
	if rd.nonFinite > 0 {
		add("%d values that were NaN or infinite were left out.", rd.nonFinite)
	}
	if len(rd.changed) > 0 {
		add("The configuration changes within the raw file (%s); the machine table shows the first values.", strings.Join(rd.changed, ", "))
	}
	if v, _ := rd.configValue("race"); v == "true" {
		add("This run was built with -race: the race detector dominates every figure and sonic falls back to encoding/json. Do not quote these numbers.")
	}
	if v, ok := rd.configValue("sonic-engine"); ok && v != "jit" {
		add("sonic ran on its fallback engine (sonic-engine: %s): its rows measure encoding/json underneath.", v)
	}
	if !slices.Contains(rd.codecs, baseCodec) {
		add("There are no %s results: each table's base column is its first codec, and the comparisons with %s are left out.", baseCodec, baseCodec)
	}
	if !slices.Contains(rd.codecs, floorCodec) {
		add("There are no %s results: the floor is missing from the charts and tables.", floorCodec)
	}
	if !pg.harness.hasNoop {
		add("There is no %s cell: the harness's own overhead is unknown.", harnessName)
	}
	for _, fam := range families {
		if len(rd.fixturesOf(fam)) == 0 {
			add("No %s fixtures in this run: %s are missing.", fam.label(), fam.feeds)
		}
	}
	var unsized []string
	for _, f := range rd.fixtures {
		if fi := rd.sizes[f]; !fi.hasFields || !fi.hasDocBytes {
			unsized = append(unsized, f)
		}
	}
	if len(unsized) > 0 {
		add("No %s or %s metric for %s: left out of the fits.", unitFields, unitDocB, strings.Join(unsized, ", "))
	}
	if r := rd.rounds(); r < benchstatCISamples {
		add("This run has %s: a median needs %d samples for a 95%% interval and a bootstrap interval needs %d, so figures here come without one where the samples fall short. Do not quote them before a run of at least %d rounds.", plural(r, "round"), benchstatCISamples, minCISamples, benchstatCISamples)
	}
	notes = append(notes, sampleNotes(rd)...)
	notes = append(notes, fitNotes(pg.model)...)
	return notes
}

// sampleNotes names, per codec, the cells with fewer samples than the run's rounds.
func sampleNotes(rd *runData) []string {
	rounds := rd.rounds()
	var notes []string
	for _, codec := range rd.codecs {
		short, fewest := 0, rounds
		for _, op := range rd.ops {
			for _, f := range rd.fixtures {
				n := len(rd.samples(op, f, codec, unitNs))
				if n > 0 && n < rounds {
					short++
					fewest = min(fewest, n)
				}
			}
		}
		if short == 0 {
			continue
		}
		note := fmt.Sprintf("%s: %d cells have fewer samples than the run's %d rounds (fewest: %d).", codec, short, rounds, fewest)
		if fewest < minCISamples {
			note += fmt.Sprintf(" Cells with fewer than %d samples get no bootstrap interval; medians need %d for benchstat's.", minCISamples, benchstatCISamples)
		}
		notes = append(notes, note)
	}
	return notes
}

// fitNotes lists the fits that had cells but could not be made, grouped by fit and reason.
func fitNotes(rows []modelRow) []string {
	type group struct {
		fit, reason string
		cells       []string
	}
	var groups []*group
	for _, row := range rows {
		for i, res := range row.fits {
			if res.err == nil || errors.Is(res.err, errNoCells) {
				continue
			}
			fit, reason := modelSpecs[i].name, res.err.Error()
			j := slices.IndexFunc(groups, func(g *group) bool { return g.fit == fit && g.reason == reason })
			if j < 0 {
				groups = append(groups, &group{fit: fit, reason: reason})
				j = len(groups) - 1
			}
			groups[j].cells = append(groups[j].cells, row.op+"/"+row.codec)
		}
	}
	notes := make([]string, len(groups))
	for i, g := range groups {
		notes[i] = fmt.Sprintf("No %s fit (%s) for %s.", g.fit, g.reason, strings.Join(g.cells, ", "))
	}
	return notes
}

func firstN(list []string, n int) string {
	if len(list) > n {
		return strings.Join(list[:n], "; ") + "; …"
	}
	return strings.Join(list, "; ")
}
