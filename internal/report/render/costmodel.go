package render

import (
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

func costModel(d *doc, a *model.Analysis) {
	d.line("## Cost model")
	d.line("")
	if len(a.Model) == 0 {
		d.line("No cells to fit.")
		d.line("")
		return
	}
	d.line("Per codec and operation: **a** is the cost of a call, **b** the cost of each field, **c** the cost of each KB (1 KB = %d B). Fitted to cell medians by weighted least squares (weights 1/median², so each point counts by its relative error); intervals are 95%% bootstraps over the samples; R² uses the same weights. %s documents grow fields and bytes together, %s hold 10 fields and grow the strings, %s hold the size and vary the fields, so only the joint fit separates per-field from per-byte cost. The floor, `%s`, is no codec and has no fit. All figures are also in [model.csv](model.csv).",
		model.BytesPerKB, load.Fields.Label(), load.Bytes.Label(), load.Equal.Label(), rawfmt.Floor)
	d.line("")
	for _, op := range a.Run.Ops {
		var rows [][]string
		for _, row := range a.Model {
			if row.Op != op {
				continue
			}
			pf, kb, jt := row.Fits[model.PerField], row.Fits[model.PerKB], row.Fits[model.Joint]
			rows = append(rows, []string{row.Codec,
				coef(pf, 0), coef(pf, 1), fitR2(pf),
				coef(kb, 1), fitR2(kb),
				coef(jt, 0), coef(jt, 1), coef(jt, 2), fitR2(jt),
				coef(row.Fits[model.Allocs], 1), coef(row.Fits[model.AllocBytes], 1)})
		}
		if len(rows) == 0 {
			continue
		}
		d.line("### %s", esc(op))
		d.line("")
		d.table([]string{"codec",
			">a: ns per call", ">b: ns per field", ">R²",
			">c: ns per KB (" + load.Bytes.Prefix + "*)", ">R²",
			">joint a", ">joint b", ">joint c", ">R²",
			">allocs per field", ">B allocated per field"}, rows)
		d.line("")
	}
}

// coef formats coefficient i of a fit with its interval, or none.
func coef(r model.Result, i int) string {
	if !r.OK() {
		return none
	}
	return withCI(r.Fit.Coef[i], num)
}

func fitR2(r model.Result) string {
	if !r.OK() {
		return none
	}
	return r2(r.Fit.R2)
}

// ops links each operation's benchstat table and shows its charts.
func ops(d *doc, a *model.Analysis, tabs []table, chs []chart) {
	d.line("## Per operation")
	d.line("")
	d.line("Each table is `go tool benchstat -col %s -row %s` of %s, %s and %s: medians ± the 95%% interval, and every other column against the base column with its p-value (`~` where the difference is not significant).",
		key(rawfmt.KeyCodec), key(rawfmt.KeyFixture), rawfmt.UnitNs, rawfmt.UnitB, rawfmt.UnitAllocs)
	if a.Run.Rounds() < model.MinMedianSamples {
		d.line("With fewer than %d samples a cell has no interval: benchstat writes ± ∞ for it.", model.MinMedianSamples)
	}
	d.line("")
	for _, t := range tabs {
		d.line("### %s", esc(t.op))
		d.line("")
		link := Link{"tables/" + t.op + ".txt", "tables/" + t.op + ".txt"}
		if t.base != rawfmt.Base {
			d.line("Table: %s (no %s cells for this operation: the base column is %s).", link, rawfmt.Base, esc(t.base))
		} else {
			d.line("Table: %s", link)
		}
		d.line("")
		for _, c := range chs {
			if c.op != t.op {
				continue
			}
			d.line("![%s](%s)", c.alt, c.file)
			d.line("")
			d.line("*%s*", c.caption)
			d.line("")
		}
	}
}

func method(d *doc, a *model.Analysis) {
	d.line("## How these numbers are made")
	d.line("")
	d.line("- The raw file holds %s: every cell once per round, so drift on a shared machine spreads over all codecs alike. Medians and their intervals are benchmath's (`AssumeNothing`, as benchstat); with fewer than %d samples a median has no finite 95%% interval.", plural(a.Run.Rounds(), "interleaved round"), model.MinMedianSamples)
	d.line("- Bootstrap intervals resample each cell's samples with replacement (%d draws, fixed seed), recompute the medians and the statistic, and take the 2.5th and 97.5th percentiles; cells with fewer than %d samples get none.", model.BootstrapReps, model.MinBootstrapSamples)
	d.line("- x values are the documents' own `%s` (scalar leaves) and `%s` metrics, not their names.", rawfmt.UnitFields, rawfmt.UnitDocB)
	d.line("- Regenerate with `make report`; compare two runs with `make compare OLD=<raw file or dir> NEW=<raw file or dir>`.")
}
