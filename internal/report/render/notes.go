package render

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// maxQuoted bounds how many parse errors a note quotes.
const maxQuoted = 3

// dataNotes says what the run lacks or what was wrong with it, so the page
// never presents a gap as a result.
func dataNotes(p Page) []string {
	r := p.A.Run
	var notes []string
	add := func(format string, args ...any) { notes = append(notes, fmt.Sprintf(format, args...)) }

	if !r.Raw.Full() && !p.RunPage {
		add("There is no usable full run of this machine: this page is built from the newest %s run, raw/%s. Run `make bench` for the full matrix.", r.Raw.Kind(), r.Raw.File)
	}
	if n := len(r.SyntaxErrors); n > 0 {
		add("%d lines of raw/%s could not be parsed and were left out (first: %s).", n, r.Raw.File, esc(firstN(r.SyntaxErrors, maxQuoted)))
	}
	for _, e := range r.BadConfig {
		add("%s.", esc(e))
	}
	if r.Unnamed > 0 {
		add("%d results that do not name an %s, a %s and a %s were left out.", r.Unnamed, rawfmt.KeyOp, rawfmt.KeyFixture, rawfmt.KeyCodec)
	}
	if r.NonFinite > 0 {
		add("%d values that were NaN or infinite were left out.", r.NonFinite)
	}
	if len(r.Changed) > 0 {
		add("The configuration changes within the raw file (%s); the run table shows the first values.", escapeAll(r.Changed, ", "))
	}
	if v, _ := r.Value(rawfmt.KeyRace); v == "true" {
		add("This run was built with -race: the race detector dominates every figure and sonic falls back to encoding/json. Do not quote these numbers.")
	}
	if v, ok := r.Value(rawfmt.KeySonicEngine); ok && strings.HasPrefix(v, "fallback") {
		add("sonic ran on its fallback engine (%s: %s): its rows measure encoding/json underneath.", rawfmt.KeySonicEngine, esc(v))
	}
	if !slices.Contains(r.CodecNames, rawfmt.Base) {
		add("There are no %s results: each table's base column is its first codec, and the comparisons with %s are left out.", rawfmt.Base, rawfmt.Base)
	}
	switch {
	case !r.Floor && r.AllocRef:
		add("There are no %s results: this run predates the floor, so nothing on this page is a lower bound and no codec cell is compared with one. Its `%s` cells are an allocation reference (see the run).", rawfmt.Floor, rawfmt.AllocRef)
	case !r.Floor:
		add("There are no %s results: the floor is missing from the charts and tables.", rawfmt.Floor)
	}
	if !p.A.Harness.HasNoop {
		add("There is no %s cell: the harness's own overhead is unknown.", rawfmt.Noop)
	}
	for _, fam := range load.Families {
		if len(r.FixturesOf(fam)) == 0 {
			add("No %s fixtures in this run, so the page lacks %s.", fam.Label(), fam.Feeds)
		}
	}
	var unsized []string
	for _, f := range r.Fixtures {
		if s := r.Sizes[f]; !s.HasFields || !s.HasDocBytes {
			unsized = append(unsized, f)
		}
	}
	if len(unsized) > 0 {
		add("No %s or %s metric for %s: left out of the fits.", rawfmt.UnitFields, rawfmt.UnitDocB, escapeAll(unsized, ", "))
	}
	if n := r.Rounds(); n < model.MinMedianSamples {
		add("This run has %s: a median needs %d samples for a 95%% interval and a bootstrap interval needs %d, so figures here come without one where the samples fall short. Do not quote them before a run of at least %d rounds.",
			format.Plural(n, "round"), model.MinMedianSamples, model.MinBootstrapSamples, model.MinMedianSamples)
	}
	notes = append(notes, sampleNotes(r)...)
	return append(notes, fitNotes(p.A.Model)...)
}

// sampleNotes names, per codec, the cells with fewer samples than the run's
// rounds.
func sampleNotes(r *load.Run) []string {
	rounds := r.Rounds()
	var notes []string
	for _, codec := range slices.Concat(r.CodecNames, r.HarnessColumns()) {
		short, fewest := 0, rounds
		for _, op := range r.Ops {
			for _, f := range r.Fixtures {
				if n := len(r.Ns(op, f, codec)); n > 0 && n < rounds {
					short++
					fewest = min(fewest, n)
				}
			}
		}
		if short == 0 {
			continue
		}
		note := fmt.Sprintf("%s: %d cells have fewer samples than the run's %d rounds (fewest: %d).", esc(codec), short, rounds, fewest)
		if fewest < model.MinBootstrapSamples {
			note += fmt.Sprintf(" Cells with fewer than %d samples get no bootstrap interval; medians need %d for benchstat's.", model.MinBootstrapSamples, model.MinMedianSamples)
		}
		notes = append(notes, note)
	}
	return notes
}

// fitNotes lists the fits that had cells but could not be made, grouped by
// fit and reason.
func fitNotes(rows []model.Row) []string {
	type group struct {
		fit, reason string
		cells       []string
	}
	var groups []*group
	for _, row := range rows {
		for i, res := range row.Fits {
			if res.OK() || errors.Is(res.Err, model.ErrNoCells) {
				continue
			}
			fit, reason := model.Specs[i].Name, res.Err.Error()
			j := slices.IndexFunc(groups, func(g *group) bool { return g.fit == fit && g.reason == reason })
			if j < 0 {
				groups = append(groups, &group{fit: fit, reason: reason})
				j = len(groups) - 1
			}
			groups[j].cells = append(groups[j].cells, esc(row.Op+"/"+row.Codec))
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
