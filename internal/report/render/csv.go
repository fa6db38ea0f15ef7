package render

import (
	"bytes"
	"encoding/csv"
	"math"
	"slices"
	"strconv"

	"github.com/jsoncost/jsoncost/internal/report/model"
)

// modelCSV writes every fit, one row per coefficient, with its form,
// residual, flag and, for curves, every form's held-out error and the
// power form's exponent as "k (power form)".
func modelCSV(rows []model.Row) ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	header := []string{"op", "codec", "fit", "unit", "form", "points", "max_resid", "worst_fixture", "flagged"}
	for f := range model.NumForms {
		header = append(header, "held_out "+f.String())
	}
	w.Write(append(header, "coefficient", "estimate", "ci_lo", "ci_hi"))
	for _, row := range rows {
		for i, res := range row.Fits {
			if !res.OK() {
				continue
			}
			spec, fit := model.Specs[i], res.Fit
			form := fit.Form.String()
			if !spec.Curve {
				form = "a + Σ c·x"
			}
			fields := []string{row.Op, row.Codec, spec.Name, spec.Unit, form, strconv.Itoa(fit.Points),
				csvFloat(fit.MaxResid), fit.Worst, strconv.FormatBool(fit.Flagged())}
			for _, c := range res.Forms {
				ho := ""
				if spec.Curve {
					ho = csvFloat(c)
				}
				fields = append(fields, ho)
			}
			names := coefNames(spec, fit.Form)
			for j, c := range fit.Coef {
				w.Write(slices.Concat(fields, []string{names[j]}, csvEstimate(c)))
			}
			if spec.Curve && fit.Form != model.Power && finite(res.K.V) {
				w.Write(slices.Concat(fields, []string{"k (power form)"}, csvEstimate(res.K)))
			}
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// coefNames is a, then a curve's form parameters or a line's per-<x>.
func coefNames(spec model.Spec, f model.Form) []string {
	names := []string{"a"}
	if spec.Curve {
		return append(names, f.Params()...)
	}
	for _, x := range spec.Xs {
		names = append(names, "per-"+x.Name)
	}
	return names
}

// csvEstimate is an estimate and its interval, empty without one.
func csvEstimate(e model.Estimate) []string {
	if !e.HasCI {
		return []string{csvFloat(e.V), "", ""}
	}
	return []string{csvFloat(e.V), csvFloat(e.Lo), csvFloat(e.Hi)}
}

// csvFloat formats a float for model.csv: empty when undefined.
func csvFloat(x float64) string {
	if !finite(x) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
