package render

import (
	"bytes"
	"encoding/csv"
	"math"
	"slices"
	"strconv"

	"github.com/jsoncost/jsoncost/internal/report/model"
)

// modelCSV is model.csv: every fit, one row per coefficient, with its form,
// residual, flag and, for curves, every form's held-out error and the power
// form's exponent as "k (power form)".
func modelCSV(rows []model.Row) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
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
			form, names := "a + Σ c·x", []string{"a"}
			if spec.Curve {
				form, names = fit.Form.String(), append(names, fit.Form.Params()...)
			} else {
				for _, x := range spec.Xs {
					names = append(names, "per-"+x.Name)
				}
			}
			head := []string{row.Op, row.Codec, spec.Name, spec.Unit, form, strconv.Itoa(fit.Points), csvFloat(fit.MaxResid), fit.Worst, strconv.FormatBool(fit.Flagged())}
			for _, e := range res.Forms {
				if !spec.Curve {
					e = math.NaN()
				}
				head = append(head, csvFloat(e))
			}
			for j, c := range fit.Coef {
				w.Write(slices.Concat(head, []string{names[j]}, csvEstimate(c)))
			}
			if spec.Curve && fit.Form != model.Power && finite(res.K.V) {
				w.Write(slices.Concat(head, []string{"k (power form)"}, csvEstimate(res.K)))
			}
		}
	}
	w.Flush()
	return b.Bytes()
}

// csvEstimate is an estimate and its interval, empty where undefined.
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
