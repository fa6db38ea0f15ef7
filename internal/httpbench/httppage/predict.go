package httppage

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/cpuprofile"
	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A forecast is bench-profile's prediction of one scenario at one load, from the base's profile at
// that load: each part a change of API CPU per request, in µs.
type forecast struct {
	total, json, gc, body model.Estimate
	colder                string // why a JSON part may miss at this load: dearer JSON work than at another
}

// predictions are the forecasts of the codec and filtered scenarios at load l, by scenario, from b,
// the base's profile over every round; nil without JSON samples in it or a reference run. The base's
// CPU per request scales the profile's shares; its GC is charged from its own GC share, as each
// scenario's B/op moves its allocation per request (B/req).
func (r *Run) predictions(l rawfmt.HTTPLoad, b cpuprofile.Breakdown) map[string]forecast {
	cells := r.at(l)
	base := cells[0]
	i := slices.IndexFunc(b.Codecs, func(cs cpuprofile.CodecShare) bool { return cs.Config.Name == base.Codec })
	if r.Ref == nil || i < 0 {
		return nil
	}
	micro := r.Ref.Run
	full := httpbench.HitsFixture(base.Hits)
	_, five, _ := load.HitsPair(full)
	sh := cpuprofile.SharesOf(b, b.Codecs[i])
	sh.Scale = mapped(model.Values(r.Samples(base, rawfmt.UnitAPICPU)), func(v float64) float64 { return v * 1e-3 })
	perReq := model.Values(r.Samples(base, rawfmt.UnitBReq))
	alloc := cpuprofile.Alloc{
		Decode: inverse(model.Of(micro, rawfmt.Cell{Op: rawfmt.OpDecodeStruct, Fixture: full, Codec: base.Codec}, rawfmt.UnitB).Point, perReq),
		Encode: inverse(model.Of(micro, rawfmt.Cell{Op: rawfmt.OpEncodeStruct, Fixture: five, Codec: base.Codec}, rawfmt.UnitB).Point, perReq),
	}
	switches := cpuprofile.Switches(sh, alloc, micro, base.Codec, full, five)
	colder := r.colder(l, r.perRequest(base, r.shares(base), parts[0].classes))
	out := map[string]forecast{}
	for _, c := range cells[1:] {
		var s cpuprofile.Saving
		switch kind(c.Scenario) {
		case "codec":
			j := slices.IndexFunc(switches, func(s cpuprofile.Switch) bool { return s.Codec.Name == c.Codec })
			if j < 0 {
				continue
			}
			s = switches[j].Saving
		case httpbench.SourceFiltered:
			f, ok := cpuprofile.Filtering(sh, alloc, micro, base.Codec, full, five)
			if !ok {
				continue
			}
			s = f.Saving
		default:
			continue
		}
		out[c.Scenario.Name] = forecast{total: neg(s.Total), json: neg(s.JSON), gc: neg(s.GC), body: neg(s.Body), colder: colder}
	}
	return out
}

// row is a forecast's row: what it predicts, part by part, what was measured (in ns: the change, then
// its parts as the reconciliation splits it) and whether that lies in the prediction's interval; where
// it does not, the parts whose measured change and prediction do not overlap, or, with none, whether
// the measured interval is too wide to call the point a miss.
func (f forecast) row(scenario string, measured []model.Estimate) []string {
	ci := func(e model.Estimate) string { return format.CI(e, format.Signed, "") }
	verdict, m := "yes", measured[0].Times(1e-3)
	if m.V < f.total.Lo || m.V > f.total.Hi {
		var missed []string
		jsonMissed := false
		for i, want := range []model.Estimate{f.json, f.gc, f.body, {HasCI: true}} {
			if got := measured[i+1].Times(1e-3); got.HasCI && (got.Hi < want.Lo || got.Lo > want.Hi) {
				missed = append(missed, fmt.Sprintf("%s (%s)", parts[i].name, ci(got)))
				jsonMissed = jsonMissed || i == 0
			}
		}
		verdict = "no: " + strings.Join(missed, ", ")
		switch {
		case jsonMissed && f.colder != "":
			verdict += "; " + f.colder
		case len(missed) > 0:
		case m.HasCI && m.Lo <= f.total.Hi && m.Hi >= f.total.Lo:
			verdict = "no, but the measured interval reaches it: too wide to tell a miss, and no part misses alone"
		default:
			verdict = "no, by no part alone"
		}
	}
	return []string{scenario, ci(f.total), ci(f.json), ci(f.gc), ci(f.body), ci(m), verdict}
}

// colder says, when the base's JSON work costs clearly more per request at load l (json, by round)
// than at another load (the ratio of the two by round, its interval above 1.2), how much: the same calls cost more
// there than the microbenchmarks' warm loops time (caches gone cold between sparse requests, most
// likely), and that part need not shrink with the document or the codec as their ratios do.
func (r *Run) colder(l rawfmt.HTTPLoad, json []float64) string {
	for _, o := range r.Loads() {
		if o == l {
			continue
		}
		other := r.at(o)[0]
		theirs := r.perRequest(other, r.shares(other), parts[0].classes)
		var ratios []float64
		for i := range min(len(json), len(theirs)) {
			if q := json[i] / theirs[i]; !math.IsNaN(q) && !math.IsInf(q, 0) {
				ratios = append(ratios, q)
			}
		}
		if e := model.Summarize(ratios); e.HasCI && e.Lo > 1.2 {
			return fmt.Sprintf("the base's JSON work costs %s per request here what it costs at %s, which the microbenchmarks' warm loops do not see", format.RatioCI(e), loadLabel(o))
		}
	}
	return ""
}

// gcShare sets the GC share the reference run's cost of collection predicts for the base's allocation
// at load l (B/req × ns per byte, over the CPU per request) against the share b, its profile over
// every round, measures.
func (r *Run) gcShare(l rawfmt.HTTPLoad, b cpuprofile.Breakdown) []string {
	base := r.at(l)[0]
	measured := cpuprofile.SharesOf(b, cpuprofile.CodecShare{}).GC.Estimate()
	predicted := format.None + " (no reference run of this machine's CPU generation by the paired meter that ranks)"
	if r.Ref != nil && r.Ref.Absolute {
		if g, ok := model.GCOf(r.Ref.Run, model.ServiceHeap(r.Ref.Run)); ok {
			e := model.Derive([]model.Sample{model.Values(r.Samples(base, rawfmt.UnitBReq)), g.PerByte, model.Values(r.Samples(base, rawfmt.UnitAPICPU))},
				func(m []float64) float64 { return 100 * m[0] * m[1] / m[2] })
			predicted = format.PercentCI(e) + " at a " + g.Heap + " live heap"
		}
	}
	return []string{loadLabel(l), format.PercentCI(measured.Times(100)), predicted}
}

// coverage is the median, over the cells and rounds of load l, of the CPU their profiles hold over the
// CPU getrusage counts, with the least and the most; "" without profiles.
func (r *Run) coverage(l rawfmt.HTTPLoad) string {
	var cov []float64
	for _, c := range r.at(l) {
		b, cpu, iters := r.shares(c), r.Samples(c, rawfmt.UnitAPICPU), r.Iters(c) // no breakdowns without a profile
		for i := range min(len(b), len(iters)) {
			if spent := cpu[i] * iters[i]; spent > 0 {
				cov = append(cov, b[i].Total/spent)
			}
		}
	}
	if len(cov) == 0 {
		return ""
	}
	return fmt.Sprintf("%s (%s to %s)", format.Percent(100*model.Median(cov)), format.Percent(100*slices.Min(cov)), format.Percent(100*slices.Max(cov)))
}

// neg is the change an estimated saving makes: its negation.
func neg(e model.Estimate) model.Estimate {
	return model.Estimate{V: 0 - e.V, Lo: 0 - e.Hi, Hi: 0 - e.Lo, HasCI: e.HasCI} // 0 −, not −: no −0
}

// mapped is s with f applied to its point and replicates.
func mapped(s model.Sample, f func(float64) float64) model.Sample {
	out := model.Sample{Point: f(s.Point), N: s.N}
	for _, v := range s.Reps {
		out.Reps = append(out.Reps, f(v))
	}
	return out
}

// inverse is num over s, replicates included; not Known when s is 0.
func inverse(num float64, s model.Sample) model.Sample {
	if s.Point == 0 || math.IsNaN(num) {
		return model.Sample{}
	}
	return mapped(s, func(v float64) float64 { return num / v })
}
