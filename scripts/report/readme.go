package main

import (
	"bytes"
	"fmt"
	"strings"
)

// md accumulates Markdown.
type md struct{ bytes.Buffer }

func (b *md) line(format string, args ...any) {
	fmt.Fprintf(b, format, args...)
	b.WriteByte('\n')
}

// row writes one Markdown table row.
func (b *md) row(cells ...string) {
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" " + cellText(c) + " |")
	}
	b.WriteByte('\n')
}

// header writes a Markdown table header; a column whose name starts with ">" is right-aligned.
func (b *md) header(cols ...string) {
	names := make([]string, len(cols))
	rule := make([]string, len(cols))
	for i, c := range cols {
		names[i], rule[i] = strings.TrimPrefix(c, ">"), "---"
		if strings.HasPrefix(c, ">") {
			rule[i] = "---:"
		}
	}
	b.row(names...)
	b.WriteString("|" + strings.Join(rule, "|") + "|\n")
}

// renderMachine writes a machine's README.md.
func renderMachine(pg *page) []byte {
	var b md
	rd := pg.rd
	b.line("# jsoncost results: %s", pg.m.id)
	b.line("")
	b.line("What each JSON codec costs per call, per field and per KB on this machine, built by `make report` from [raw/%s](raw/%s) alone. Every measured number on this page comes from that file (the Jackson figures are quoted from the article); regenerate rather than edit.", rd.raw.name, rd.raw.name)
	b.line("")
	renderRun(&b, pg)
	if len(pg.notes) > 0 {
		b.line("## What is missing from this run")
		b.line("")
		for _, n := range pg.notes {
			b.line("- %s", n)
		}
		b.line("")
	}
	if f := findings(pg); len(f) > 0 {
		b.line("## Findings")
		b.line("")
		for _, s := range f {
			b.line("- %s", s)
		}
		b.line("")
	}
	renderHarness(&b, pg)
	renderSeed(&b, pg)
	renderHits(&b, pg)
	renderModel(&b, pg)
	renderOps(&b, pg)
	renderMethod(&b, pg)
	return b.Bytes()
}

// renderRun writes the machine, the command and the codec versions from the configuration lines.
func renderRun(b *md, pg *page) {
	rd := pg.rd
	b.line("## The run")
	b.line("")
	if cmd, ok := rd.configValue("command"); ok {
		b.line("Produced by:")
		b.line("")
		b.line("```")
		b.line("%s", cmd)
		b.line("```")
		b.line("")
	}
	b.header("", "")
	b.row("raw file", fmt.Sprintf("[raw/%s](raw/%s) (%s run, %s)", rd.raw.name, rd.raw.name, rd.raw.kind, plural(rd.rounds(), "round")))
	for _, c := range rd.config {
		if strings.HasPrefix(c.key, "codec-") || c.key == "command" {
			continue
		}
		v := c.value
		if v == "" {
			v = "(none)"
		}
		b.row(c.key, v)
	}
	b.line("")
	b.line("### Codecs")
	b.line("")
	b.header("codec", "module@version", "category", "engine")
	listed := map[string]bool{}
	for _, codec := range rd.codecs {
		listed["codec-"+codec] = true
		v, ok := rd.configValue("codec-" + codec)
		if !ok {
			b.row(codec, none, none, none)
			continue
		}
		b.row(append([]string{codec}, codecColumns(v)...)...)
	}
	for _, c := range rd.config {
		if strings.HasPrefix(c.key, "codec-") && !listed[c.key] {
			cols := codecColumns(c.value)
			cols[2] += " (no results in this run)"
			b.row(append([]string{strings.TrimPrefix(c.key, "codec-")}, cols...)...)
		}
	}
	b.line("")
}

// codecColumns splits a codec configuration value "module@version category engine" into three
// columns, leaving an unexpected value whole in the first.
func codecColumns(v string) []string {
	f := strings.Fields(v)
	if len(f) < 3 {
		return []string{v, none, none}
	}
	return []string{f[0], f[1], strings.Join(f[2:], " ")}
}

func renderHarness(b *md, pg *page) {
	h := pg.harness
	if !h.hasNoop {
		return
	}
	b.line("## Harness overhead")
	b.line("")
	b.line("The `%s` cell runs the timed loop around a call into a codec that does nothing: the loop and the call through a function value that every other cell pays for being measured.", harnessName)
	b.line("")
	b.header("cell", ">ns/op (95% CI)", ">noop as share of it")
	b.row(pg.rd.harness.String(), summaryCI(h.noop, num), none)
	if h.cheapest != (cellKey{}) {
		b.row("cheapest cell: "+h.cheapest.String(), summaryCI(h.cheapestNs, num), pct(100*h.noop.center/h.cheapestNs.center))
	}
	if h.cheapestCodec != (cellKey{}) && h.cheapestCodec != h.cheapest {
		b.row("cheapest codec cell: "+h.cheapestCodec.String(), summaryCI(h.cheapestCodNs, num), pct(100*h.noop.center/h.cheapestCodNs.center))
	}
	b.line("")
	if h.hasNoopAllocs {
		if h.noopAllocs.center == 0 {
			b.line("The harness itself does not allocate.")
		} else {
			b.line("The harness itself allocates %s times per call.", num(h.noopAllocs.center))
		}
		b.line("")
	}
}

func renderSeed(b *md, pg *page) {
	t := pg.seed
	rd := pg.rd
	b.line("## From 5 to 50 fields: the article's test")
	b.line("")
	b.line("The article behind this suite decoded a %s-field document (%s) and a %s-field one (%s) into a Map with Jackson: %s → %s per call, %s. The same step here is `%s` → `%s`.",
		num(jackson.fieldsSmall), byteSize(jackson.docSmall), num(jackson.fieldsLarge), byteSize(jackson.docLarge), ns(jackson.nsSmall), ns(jackson.nsLarge), times(jackson.nsLarge/jackson.nsSmall), seedSmall, seedLarge)
	small, large := rd.sizes[seedSmall], rd.sizes[seedLarge]
	if small.hasDocBytes && large.hasDocBytes {
		b.line("Those documents are %s and %s (%s larger; the article's: %s).", byteSize(small.docBytes), byteSize(large.docBytes), times(large.docBytes/small.docBytes), times(jackson.docLarge/jackson.docSmall))
	}
	b.line("")
	if len(t.rows) == 0 {
		b.line("This run has no `%s` and `%s` cells of the seed operations.", seedSmall, seedLarge)
		b.line("")
		return
	}
	b.line("Each cell is median ns/op at 50 fields over median ns/op at 5 fields, with a 95%% bootstrap interval.")
	b.line("")
	cols := []string{"codec"}
	mapCol := -1
	for i, op := range t.ops {
		if op == "decode-map" {
			mapCol = i
			cols = append(cols, ">decode-map ns/op, 5 → 50 fields")
		}
		cols = append(cols, ">"+op+" growth")
	}
	b.header(cols...)
	for _, r := range t.rows {
		cells := []string{r.codec}
		for i, g := range r.cells {
			if i == mapCol {
				if g.ok {
					cells = append(cells, ns(g.small.center)+" → "+ns(g.large.center))
				} else {
					cells = append(cells, none)
				}
			}
			if g.ok {
				cells = append(cells, withCI(g.ratio, times))
			} else {
				cells = append(cells, none)
			}
		}
		b.row(cells...)
	}
	ref := []string{"Jackson, into a Map (the article)"}
	for i := range t.ops {
		if i == mapCol {
			ref = append(ref, ns(jackson.nsSmall)+" → "+ns(jackson.nsLarge), times(jackson.nsLarge/jackson.nsSmall))
		} else {
			ref = append(ref, none)
		}
	}
	b.row(ref...)
	b.line("")
}

func renderHits(b *md, pg *page) {
	b.line("## `_source` filtering against client-side projection")
	b.line("")
	if len(pg.hits) == 0 {
		b.line("This run has no `es-hits-*` cells.")
		b.line("")
		return
	}
	b.line("An Elasticsearch search response with H hits of 50-field `_source` documents (`es-hits-H-full`), read with `decode-struct` into the full type, is the baseline. Asking Elasticsearch for the 5 fields the client uses (`es-hits-H-source5`) is the article's fix; decoding the full response into a 5-field type (`decode-proj`) or looking up the 5 fields of every hit lazily, path by path (`get5`), are what a client can do alone. Each cell is what that saves per hit against the baseline, with the saving in percent and its 95%% bootstrap interval.")
	b.line("")
	b.header(">hits", "codec", ">decode-struct of full, per hit", ">`_source` filtered to 5 fields saves", ">decode-proj of full saves", ">get5 of full saves")
	footnote := false
	for _, r := range pg.hits {
		full := none
		if r.hasFull {
			full = ns(r.full.center / float64(r.hits))
		}
		get5 := savingText(r.get5)
		if r.get5.ok && r.get5.baseline != "" {
			get5 += " †"
			footnote = true
		}
		b.row(fmt.Sprint(r.hits), r.codec, full, savingText(r.filtering), savingText(r.proj), get5)
	}
	b.line("")
	if footnote {
		b.line("† The codec has no decode-struct: the saving is against %s's decode-struct of the same document.", baseCodec)
		b.line("")
	}
}

func savingText(s saving) string {
	if !s.ok {
		return none
	}
	return ns(s.perHit.v) + " · " + withCI(s.pct, pct)
}

func renderModel(b *md, pg *page) {
	b.line("## Cost model")
	b.line("")
	if len(pg.model) == 0 {
		b.line("No cells to fit.")
		b.line("")
		return
	}
	b.line("Per codec and operation: **a** is the cost of a call, **b** the cost of each field, **c** the cost of each KB (1 KB = %d B). Fitted to cell medians by weighted least squares (weights 1/median², so each point counts by its relative error); intervals are 95%% bootstraps over the samples; R² uses the same weights. `fields-*` documents grow fields and bytes together, `bytes-*` hold 10 fields and grow the strings, `equal-bytes-*` hold the size and vary the fields, so only the joint fit separates per-field from per-byte cost. All figures are also in [model.csv](model.csv).", bytesPerKB)
	b.line("")
	for _, op := range pg.rd.ops {
		b.line("### %s", op)
		b.line("")
		b.header("codec",
			">a: ns per call", ">b: ns per field", ">R²",
			">c: ns per KB (bytes-*)", ">R²",
			">joint a", ">joint b", ">joint c", ">R²",
			">allocs per field", ">B allocated per field")
		for _, row := range pg.model {
			if row.op != op {
				continue
			}
			pf, kb, jt := row.fits[fitPerField], row.fits[fitPerKB], row.fits[fitJoint]
			b.row(row.codec,
				coef(pf, 0), coef(pf, 1), fitR2(pf),
				coef(kb, 1), fitR2(kb),
				coef(jt, 0), coef(jt, 1), coef(jt, 2), fitR2(jt),
				coef(row.fits[fitAllocs], 1), coef(row.fits[fitAllocBytes], 1))
		}
		b.line("")
	}
}

// coef formats coefficient i of a fit with its interval, or none.
func coef(r fitResult, i int) string {
	if !r.ok() {
		return none
	}
	return withCI(r.fit.coef[i], num)
}

func fitR2(r fitResult) string {
	if !r.ok() {
		return none
	}
	return r2(r.fit.r2)
}

// renderOps links each operation's benchstat table and shows its charts.
func renderOps(b *md, pg *page) {
	b.line("## Per operation")
	b.line("")
	b.line("Each table is `go tool benchstat -col /codec -row /fixture` of ns/op, B/op and allocs/op: medians ± the 95%% interval, and every other column against the base column with its p-value (`~` where the difference is not significant).")
	b.line("")
	for _, t := range pg.tables {
		b.line("### %s", t.op)
		b.line("")
		if t.base != baseCodec {
			b.line("Table: [tables/%s.txt](tables/%s.txt) (no %s cells for this operation: the base column is %s).", t.op, t.op, baseCodec, t.base)
		} else {
			b.line("Table: [tables/%s.txt](tables/%s.txt)", t.op, t.op)
		}
		b.line("")
		for _, c := range pg.charts {
			if !strings.HasPrefix(c.file, "charts/"+t.op+"-") {
				continue
			}
			b.line("![%s](%s)", c.alt, c.file)
			b.line("")
			b.line("*%s*", c.caption)
			b.line("")
		}
	}
}

func renderMethod(b *md, pg *page) {
	b.line("## How these numbers are made")
	b.line("")
	b.line("- The raw file holds %s: every cell once per round, so drift on a shared machine spreads over all codecs alike. Medians and their intervals are benchmath's (`AssumeNothing`, as benchstat); with fewer than %d samples a median has no finite 95%% interval.", plural(pg.rd.rounds(), "interleaved round"), benchstatCISamples)
	b.line("- Bootstrap intervals resample each cell's samples with replacement (%d draws, fixed seed), recompute the medians and the statistic, and take the 2.5th and 97.5th percentiles; cells with fewer than %d samples get none.", bootstrapReps, minCISamples)
	b.line("- x values are the documents' own `%s` (scalar leaves) and `%s` metrics, not their names.", unitFields, unitDocB)
	b.line("- Regenerate with `make report`; compare two runs with `make compare OLD=<raw file or dir> NEW=<raw file or dir>`.")
}
