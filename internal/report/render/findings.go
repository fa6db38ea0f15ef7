package render

import (
	"math"
	"slices"

	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// clearOf reports whether e has an interval narrower than its distance from
// null (1 for a ratio, 0 for a cost or a saving).
func clearOf(e model.Estimate, null float64) bool {
	return e.HasCI && e.Hi-e.Lo < math.Abs(e.V-null)
}

// usableFit returns the fit i of op with codec when it is usable, else nil.
func usableFit(a *model.Analysis, op, codec string, i int) *model.Result {
	j := slices.IndexFunc(a.Model, func(r model.Row) bool { return r.Op == op && r.Codec == codec })
	if j < 0 || !a.Model[j].Fits[i].Usable() {
		return nil
	}
	return &a.Model[j].Fits[i]
}

// callOf is a fit's cost of a call when resolved, else nil.
func callOf(res model.Result) *model.Estimate { return ptr(res.Fit.Call()) }

// ptr is &v when ok, else nil: a template tests it with if or with.
func ptr[T any](v T, ok bool) *T {
	if !ok {
		return nil
	}
	return &v
}

// callShare is the call's share of op's time at fixture when the fit is
// usable and the call and share are resolved; else nil.
func callShare(a *model.Analysis, op, codec, fixture string) *model.Estimate {
	res := usableFit(a, op, codec, model.PerField)
	if res == nil || callOf(*res) == nil {
		return nil
	}
	if m, ok := res.MarkAt(a.Run.Sizes[fixture].Fields); ok && clearOf(m.CallShare, 0) {
		return &m.CallShare
	}
	return nil
}

// fieldCount is a fixture's field count as the data gives it, or its name.
func fieldCount(r *load.Run, fixture string) string {
	if s := r.Sizes[fixture]; s.HasFields {
		return format.Num(s.Fields)
	}
	return fixture
}
