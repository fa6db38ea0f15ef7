package render

import (
	"bytes"
	"encoding/csv"
	"strconv"

	"github.com/jsoncost/jsoncost/internal/report/model"
)

// modelCSV writes every fit of the model, one row per coefficient.
func modelCSV(rows []model.Row) ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"op", "codec", "fit", "unit", "points", "coefficient", "estimate", "ci_lo", "ci_hi", "r2"})
	for _, row := range rows {
		for i, res := range row.Fits {
			if !res.OK() {
				continue
			}
			spec := model.Specs[i]
			names := []string{"a"}
			for _, x := range spec.Xs {
				names = append(names, "per-"+x.Name)
			}
			for j, c := range res.Fit.Coef {
				lo, hi := "", ""
				if c.HasCI {
					lo, hi = csvFloat(c.Lo), csvFloat(c.Hi)
				}
				w.Write([]string{row.Op, row.Codec, spec.Name, spec.Unit, strconv.Itoa(res.Fit.Points), names[j], csvFloat(c.V), lo, hi, csvFloat(res.Fit.R2)})
			}
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// csvFloat formats a float for model.csv: empty when undefined.
func csvFloat(x float64) string {
	if !finite(x) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}
