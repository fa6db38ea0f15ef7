package main

import (
	"bytes"
	"encoding/csv"
	"strconv"
)

// modelCSV writes every fit of the model, one row per coefficient.
func modelCSV(rows []modelRow) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.Write([]string{"op", "codec", "fit", "unit", "points", "coefficient", "estimate", "ci_lo", "ci_hi", "r2"})
	for _, row := range rows {
		for i, res := range row.fits {
			if !res.ok() {
				continue
			}
			spec := modelSpecs[i]
			names := []string{"a"}
			for _, x := range spec.xs {
				names = append(names, "per-"+x.name)
			}
			for j, c := range res.fit.coef {
				lo, hi := "", ""
				if c.hasCI {
					lo, hi = csvFloat(c.lo), csvFloat(c.hi)
				}
				w.Write([]string{row.op, row.codec, spec.name, spec.unit, strconv.Itoa(res.fit.points), names[j], csvFloat(c.v), lo, hi, csvFloat(res.fit.r2)})
			}
		}
	}
	w.Flush()
	return buf.Bytes()
}
