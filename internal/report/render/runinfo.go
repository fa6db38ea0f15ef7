package render

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A runInfo is "The run": the command that made it, its configuration
// lines and its codecs.
type runInfo struct {
	Command        string // the command that made the run, in a code fence
	Config, Codecs Table
}

func newRunInfo(v *view) runInfo {
	r := v.R
	ri := runInfo{Config: Table{Cols: []string{"", ""}}, Codecs: Table{Cols: []string{"codec", "module@version", "category", "engine"}}}
	if cmd, ok := r.Value(rawfmt.KeyCommand); ok {
		ri.Command = fence(cmd) + "\n" + cmd + "\n" + fence(cmd)
	}
	ri.Config.add("raw file", v.RawLink.cell()+" ("+r.Raw.Kind()+" run, "+format.Plural(r.Rounds(), "round")+")")
	for _, c := range r.Config {
		if !strings.HasPrefix(c.Key, rawfmt.KeyCodecPrefix) && !strings.HasPrefix(c.Key, rawfmt.KeySkipsPrefix) && c.Key != rawfmt.KeyCommand {
			ri.Config.add(c.Key, cmp.Or(c.Value, "(none)"))
		}
	}
	for _, name := range r.CodecNames {
		if c, ok := r.Codec(name); ok {
			ri.Codecs.add(name, c.ModuleVersion, c.Category, c.Engine)
		} else {
			ri.Codecs.add(name, format.None, format.None, format.None)
		}
	}
	for _, c := range r.Codecs {
		if !slices.Contains(r.CodecNames, c.Name) && !slices.Contains(r.HarnessColumns(), c.Name) {
			ri.Codecs.add(c.Name, c.ModuleVersion, c.Category, c.Engine+" (no results in this run)")
		}
	}
	return ri
}

// A head is the top of a page: what the page is built from and, when it
// states no finding, why.
type head struct {
	Go     string   // the run's go line
	Commit string   // its commit line, shown when the run names no committed tree (load.Run.Committed)
	Failed []string // the consistency checks that failed (model.Check.Why)
	Why    string   // why the run is too imprecise to rank (model.Verdict), or ""
	Busy   string   // format.Busy of a run on a busy host, or ""

	// Which meter made the run (load.Run.Paired): the paired meter's slice,
	// pairs a round and link layouts, or the older meter's benchtime.
	Slice, Pairs, Benchtime string
	Layouts                 int
}

func newHead(v *view) head {
	a, r := v.A, v.R
	h := head{Go: config(r, rawfmt.KeyGo), Why: a.Verdict.Why(), Commit: config(r, rawfmt.KeyCommit),
		Slice: config(r, rawfmt.KeySlice), Pairs: config(r, rawfmt.KeyPairs), Benchtime: config(r, rawfmt.KeyBenchtime),
		Layouts: len(strings.Fields(config(r, rawfmt.KeyLayouts)))}
	if a.Overall.Busy() {
		h.Busy = format.Busy(a.Overall.Low, a.Overall.High)
	}
	for _, c := range model.Failed(a.Checks) {
		h.Failed = append(h.Failed, c.Why())
	}
	return h
}

// notes say what the run lacks or what was wrong with it, one sentence
// each, so that the page never presents a gap as a result; make report
// prints them too.
func notes(v *view) []string {
	r := v.R
	var out []string
	add := func(ok bool, format string, a ...any) {
		if ok {
			out = append(out, fmt.Sprintf(format, a...))
		}
	}
	add(!r.Raw.Full() && !v.RunPage, "There is no usable full run of this machine: this page is built from the newest %s run, raw/%s. Run `make bench` for the full matrix.", r.Raw.Kind(), r.Raw.File)
	if n := len(r.SyntaxErrors); n > 0 {
		first := markdown.Escape(strings.Join(r.SyntaxErrors[:min(3, n)], "; "))
		add(true, "%d lines of raw/%s could not be parsed and were left out (first: %s%s).", n, r.Raw.File, first, format.If(n > 3, "; …"))
	}
	for _, c := range r.BadConfig {
		add(true, "%s.", markdown.Escape(c))
	}
	add(r.Unnamed > 0, "%d results that do not name an op, a fixture and a codec were left out.", r.Unnamed)
	add(len(r.Changed) > 0, "The configuration changes within the raw file (%s); the run table shows the first values.", escapeAll(r.Changed, ", "))
	add(config(r, rawfmt.KeyRace) == "true", "This run was built with -race: the race detector dominates every figure and sonic falls back to encoding/json. Do not quote these numbers.")
	engine := config(r, rawfmt.KeySonicEngine)
	add(strings.HasPrefix(engine, "fallback"), "sonic ran on its fallback engine (sonic-engine: %s): its rows measure encoding/json underneath.", markdown.Escape(engine))
	add(!slices.Contains(r.CodecNames, rawfmt.Base), "There are no %s results: an operation is compared with %s where it ran it, and one without a base ranks nothing.", rawfmt.Base, rawfmt.V2Base)
	add(!r.Floor && r.AllocRef, "There are no %s results: this run predates the floor, so nothing on this page is a lower bound and no codec cell is compared with one. Its `%s` cells are an allocation reference (see the run).", rawfmt.Floor, rawfmt.AllocRef)
	add(!r.Floor && !r.AllocRef, "There are no %s results: the floor is missing from the charts and tables.", rawfmt.Floor)
	add(!v.A.Harness.Noop.Known(), "There is no %s cell: the harness's own overhead is unknown.", rawfmt.Noop)
	for _, f := range load.Families {
		add(len(r.FixturesOf(f)) == 0, "No %s fixtures in this run, so the page lacks %s.", f.Label(), f.Feeds)
	}
	unsized := slices.DeleteFunc(slices.Clone(r.Fixtures), func(f string) bool { return r.Sizes[f].HasFields && r.Sizes[f].HasDocBytes })
	add(len(unsized) > 0, "No %s or %s metric for %s: left out of the fits.", rawfmt.UnitFields, rawfmt.UnitDocB, escapeAll(unsized, ", "))
	need, boot := model.MinMedianSamples, model.MinBootstrapSamples
	add(r.Rounds() < need, "This run has %s: a median needs %d samples for a 95%% interval and a bootstrap interval needs %d, so figures here come without one where the samples fall short. Do not quote them before a run of at least %d rounds.",
		format.Plural(r.Rounds(), "round"), need, boot, need)
	for _, codec := range slices.Concat(r.CodecNames, r.HarnessColumns()) {
		short, fewest := 0, r.Rounds()
		for _, op := range r.Ops {
			for _, f := range r.Fixtures {
				if k := len(r.Ns(op, f, codec)); k > 0 && k < r.Rounds() {
					short, fewest = short+1, min(fewest, k)
				}
			}
		}
		add(short > 0, "%s: %d cells have fewer samples than the run's %d rounds (fewest: %d).%s", markdown.Escape(codec), short, r.Rounds(), fewest,
			format.If(fewest < boot, fmt.Sprintf(" Cells with fewer than %d samples get no bootstrap interval; medians need %d for benchstat's.", boot, need)))
	}
	type group struct{ fit, reason, cells string }
	var groups []group // the fits that could not be made, by fit and reason
	for _, row := range v.A.Model {
		for i, res := range row.Fits {
			if res.OK() || errors.Is(res.Err, model.ErrNoCells) {
				continue
			}
			g := group{model.Specs[i].Name, res.Err.Error(), markdown.Escape(row.Op + "/" + row.Codec)}
			if j := slices.IndexFunc(groups, func(h group) bool { return h.fit == g.fit && h.reason == g.reason }); j >= 0 {
				groups[j].cells += ", " + g.cells
			} else {
				groups = append(groups, g)
			}
		}
	}
	for _, g := range groups {
		add(true, "No %s fit (%s) for %s.", g.fit, g.reason, g.cells)
	}
	return out
}
