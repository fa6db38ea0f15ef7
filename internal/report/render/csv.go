package render

import (
	"encoding/csv"
	"math"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/internal/report/model"
)

// modelCSV writes model.csv, templates/csv.tmpl.
func modelCSV(rows []model.Row) ([]byte, error) { return section("csv", rows) }

// csvField is s as a field of a CSV line, quoted as encoding/csv quotes it.
func csvField(s string) string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.Write([]string{s})
	w.Flush()
	return strings.TrimSuffix(b.String(), "\n")
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

// csvFloat formats a float for model.csv: empty when undefined.
func csvFloat(x float64) string {
	if !finite(x) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
