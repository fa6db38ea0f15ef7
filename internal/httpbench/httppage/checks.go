package httppage

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// maxHalfWidth is the median relative half-width of API CPU per request above which a load ranks nothing.
const maxHalfWidth = 0.10

// A problem is why the page states no finding for a scenario at a load (every one when scenario is "").
type problem struct {
	load     rawfmt.HTTPLoad
	scenario string
	Text     string
}

// HasBytes reports whether the run recorded the backend's response bytes.
func (r *Run) HasBytes() bool {
	return slices.ContainsFunc(r.Cells, func(c rawfmt.HTTPCell) bool { return len(r.Samples(c, rawfmt.UnitBackendB)) > 0 })
}

// CheckResponses checks the backend's response bytes, constant over rounds: every cell has them,
// and filtered or fewer-hit responses are smaller than the base's. The command fails a run that does not pass.
func CheckResponses(r *Run) error {
	var texts []string
	for _, c := range r.Cells {
		if len(r.Samples(c, rawfmt.UnitBackendB)) == 0 {
			return fmt.Errorf("scenario %s at %s has no %s", c.Scenario.Name, c.Load, rawfmt.UnitBackendB)
		}
		if text := r.responseProblem(c); text != "" {
			texts = append(texts, text)
		}
	}
	if len(texts) > 0 {
		return errors.New(strings.Join(texts, "; "))
	}
	return nil
}

// responseProblem says when c's response bytes are not smaller (filtered, fewer hits) or larger (more hits) than the base's.
func (r *Run) responseProblem(c rawfmt.HTTPCell) string {
	base := r.at(c.Load)[0]
	b, v := r.summary(base, rawfmt.UnitBackendB).V, r.summary(c, rawfmt.UnitBackendB).V
	want := ""
	switch { // false for NaN
	case c.Source != base.Source && v >= b:
		want = "smaller than the base's full ones"
	case c.Hits < base.Hits && v >= b:
		want = "smaller than the base's of " + format.Plural(base.Hits, "hit")
	case c.Hits > base.Hits && v <= b:
		want = "larger than the base's of " + format.Plural(base.Hits, "hit")
	default:
		return ""
	}
	return fmt.Sprintf("scenario %s at %s: the backend's %s responses of %s are %s bytes, not %s (%s bytes)",
		c.Scenario.Name, loadLabel(c.Load), c.Source, format.Plural(c.Hits, "hit"), format.Sig(v), want, format.Sig(b))
}

// problems are why the page withholds findings: wide intervals, bad or unrecorded response bytes, a saving beyond the whole.
func (r *Run) problems() []problem {
	var out []problem
	for _, l := range r.Loads() {
		if hw := r.precision(l); hw > maxHalfWidth {
			what := fmt.Sprintf("the median half-width of the 95%% intervals of API CPU per request is %s, over %s", format.HalfWidth(hw*100), format.HalfWidth(maxHalfWidth*100))
			if math.IsInf(hw, 1) {
				what = "the API CPU per request of most scenarios has no interval (fewer than 6 rounds)"
			}
			out = append(out, problem{l, "", fmt.Sprintf("at %s the intervals are too wide to rank: %s", loadLabel(l), what)})
		}
		cells := r.at(l)
		for _, c := range cells[1:] {
			add := func(text string) { out = append(out, problem{l, c.Scenario.Name, text}) }
			if text := r.responseProblem(c); text != "" {
				add(text)
			}
			if c.Source == httpbench.SourceFiltered && !r.HasBytes() {
				add(fmt.Sprintf("scenario %s at %s: this run did not record the backend's response bytes, so that its responses were filtered cannot be checked", c.Scenario.Name, loadLabel(l)))
			}
			for _, e := range effects {
				s, scale := e.of(r, cells[0], c)
				if whole := r.summary(cells[0], e.unit).V; !e.Relative && -s.V > whole {
					add(fmt.Sprintf("scenario %s at %s: its %s saving of %s %s is larger than the base's whole %s",
						c.Scenario.Name, loadLabel(l), e.Noun, format.Sig(-s.V*scale), e.Per, format.Sig(whole*scale)))
				}
			}
		}
	}
	return out
}

// precision is the median relative half-width of API CPU per request at l.
func (r *Run) precision(l rawfmt.HTTPLoad) float64 {
	var hw []float64
	for _, c := range r.at(l) {
		s := r.summary(c, rawfmt.UnitAPICPU)
		if h, ok := model.HalfWidth(s); ok {
			hw = append(hw, h)
		} else if !s.HasCI {
			hw = append(hw, math.Inf(1))
		}
	}
	if len(hw) == 0 {
		return math.Inf(1)
	}
	return model.Median(hw)
}
