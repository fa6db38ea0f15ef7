package render

import (
	"errors"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// notesView is what notes.tmpl words: what the run lacks or what was wrong
// with it, so that the page never presents a gap as a result.
type notesView struct {
	names
	R              *load.Run
	NoFull         bool   // the machine page is built from a run that is not full
	Syntax         int    // unparsable lines
	FirstSyntax    string // the first three, escaped
	BadConfig      []string
	Changed        string // configuration that varies, escaped
	Race           bool
	Fallback       string // sonic's engine when it fell back, escaped
	NoBase, NoNoop bool
	Missing        []load.Family // families without fixtures
	Unsized        string        // fixtures without sizes, escaped
	FewRounds      bool
	Short          []shortCells
	Fits           []fitGroup
}

// shortCells are a column's cells with fewer samples than the run's rounds.
type shortCells struct {
	Codec         string // escaped
	Cells, Fewest int
	NoBoot        bool // the fewest get no bootstrap interval
}

// A fitGroup is the cells of one fit that could not be made for one reason.
type fitGroup struct {
	Fit, Reason string
	Cells       string // op/codec, escaped and joined
}

// notes are the page's notes, one a line.
func notes(v *view) ([]string, error) {
	r := v.R
	n := notesView{R: r, NoFull: !r.Raw.Full() && !v.RunPage, Syntax: len(r.SyntaxErrors), Changed: escapeAll(r.Changed, ", "),
		NoBase: !slices.Contains(r.CodecNames, rawfmt.Base), NoNoop: !v.A.Harness.Noop.Known(), FewRounds: r.Rounds() < model.MinMedianSamples}
	n.FirstSyntax = markdown.Escape(strings.Join(r.SyntaxErrors[:min(3, n.Syntax)], "; "))
	for _, c := range r.BadConfig {
		n.BadConfig = append(n.BadConfig, markdown.Escape(c))
	}
	race, _ := r.Value(rawfmt.KeyRace)
	n.Race = race == "true"
	if e, _ := r.Value(rawfmt.KeySonicEngine); strings.HasPrefix(e, "fallback") {
		n.Fallback = markdown.Escape(e)
	}
	for _, f := range load.Families {
		if len(r.FixturesOf(f)) == 0 {
			n.Missing = append(n.Missing, f)
		}
	}
	var unsized []string
	for _, f := range r.Fixtures {
		if s := r.Sizes[f]; !s.HasFields || !s.HasDocBytes {
			unsized = append(unsized, f)
		}
	}
	n.Unsized = escapeAll(unsized, ", ")
	for _, codec := range slices.Concat(r.CodecNames, r.HarnessColumns()) {
		s := shortCells{Codec: markdown.Escape(codec), Fewest: r.Rounds()}
		for _, op := range r.Ops {
			for _, f := range r.Fixtures {
				if k := len(r.Ns(op, f, codec)); k > 0 && k < r.Rounds() {
					s.Cells, s.Fewest = s.Cells+1, min(s.Fewest, k)
				}
			}
		}
		if s.NoBoot = s.Fewest < model.MinBootstrapSamples; s.Cells > 0 {
			n.Short = append(n.Short, s)
		}
	}
	for _, row := range v.A.Model {
		for i, res := range row.Fits {
			if res.OK() || errors.Is(res.Err, model.ErrNoCells) {
				continue
			}
			fit, reason := model.Specs[i].Name, res.Err.Error()
			cell := markdown.Escape(row.Op + "/" + row.Codec)
			if j := slices.IndexFunc(n.Fits, func(g fitGroup) bool { return g.Fit == fit && g.Reason == reason }); j >= 0 {
				n.Fits[j].Cells += ", " + cell
			} else {
				n.Fits = append(n.Fits, fitGroup{fit, reason, cell})
			}
		}
	}
	b, err := section("notes", n)
	return nonBlank(b), err
}
