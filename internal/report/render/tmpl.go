package render

import (
	"bytes"
	"embed"
	"fmt"
	"math"
	"path"
	"slices"
	"strings"
	"text/template"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// One template a section, executed on a view; cells.tmpl defines the table
// cells, which exec makes strings.
//
//go:embed templates/*.tmpl
var templateFS embed.FS

var sections *template.Template

func init() {
	for k, v := range names {
		funcs[k] = func() any { return v }
	}
	sections = template.Must(template.New("").Funcs(funcs).ParseFS(templateFS, "templates/*.tmpl"))
}

var funcs = template.FuncMap{
	"exec": func(name string, data any) (string, error) {
		var b strings.Builder
		err := sections.ExecuteTemplate(&b, name, data)
		return b.String(), err
	},
	"decisionDocs": func() []string { return decisionDocs },
	"finite":       finite,
	"plusF":        func(a, b float64) float64 { return a + b },
	"change":       format.Change,
	"cellOf": func(op, fixture, codec string) rawfmt.Cell {
		return rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}
	},
	"mul":       func(a, b float64) float64 { return a * b },
	"markSizes": func() []float64 { return model.Marks },
	"isNaN":     math.IsNaN,
	"table":     tableText,
	"gains":     Gains,
	"losses":    Losses,
	"join":      strings.Join,
	"cols":      func(c ...string) []string { return c },
	"esc":       markdown.Escape,
	"escAll":    escapeAll,
	"cfg":       func(r *load.Run, key string) string { v, _ := r.Value(key); return v },
	"has":       func(list []string, s string) bool { return slices.Contains(list, s) },
	"prefix":    strings.HasPrefix,
	"concat":    func(a, b []string) []string { return slices.Concat(a, b) },
	"add":       func(list []string, s ...string) []string { return append(slices.Clip(list), s...) },
	"rows":      func() [][]string { return nil },
	"addRow":    func(rows [][]string, row []string) [][]string { return append(slices.Clip(rows), row) },
	"row":       markdown.Row,
	"cell":      func(c rawfmt.Cell) string { return c.Op + "/" + c.Fixture + "/" + c.Codec },
	"numCI":     func(e model.Estimate) string { return format.CI(e, format.Num, "") },
	"num":       format.Num,
	"bytes":     format.Bytes,
	"div":       func(a, b float64) float64 { return a / b },
	"perHit":    func(s model.Estimate, hits int) string { return format.Duration(s.V / float64(hits)) },
	"linkCell":  func(text, href string) string { return Link{text, href}.cell() },
	"hasCfg":    func(r *load.Run, key string) bool { _, ok := r.Value(key); return ok },
	"fence":     fence,
	"runKey":    runKey,
	"half100":   func(x float64) string { return format.HalfWidth(100 * x) },
	"precRow":   precisionRow,
	"busy":      format.Busy,
	"plus":      func(a, b int) int { return a + b },
	"failed":    model.Failed,
	"price":     priceOf,
	"advise":    advise,
	"mark":      func(res model.Result, fields float64) *model.Mark { return ptr(res.MarkAt(fields)) },
	"href":      func(p string) string { return Link{Href: p}.href() },
	"list":      func(a ...any) []any { return a },
	"link":      func(text, href string) Link { return Link{text, href} },
	"median":    model.Median,
	"sig":       format.Sig,
	"count":     format.Count,
	"instrAt":   instrAt,
	"unit":      func(i int) string { return model.Specs[i].Unit },
	"csv":       csvField,
	"csvFloat":  csvFloat,
	"coefNames": coefNames,
	"min":       func(a, b int) int { return min(a, b) },
	"plural":    format.Plural,
	"fitGroups": fitGroups,
	"inf":       func(sign int) float64 { return math.Inf(sign) },
	"clear":     clearOf,
	"fields":    fieldCount,
	"callShare": callShare,
	"callOf":    callOf,
	"usable":    usableFit,
	"codec":     func(r *load.Run, name string) *rawfmt.CodecConfig { return ptr(r.Codec(name)) },
	"baseOf":    model.BaseOf,
	"hitsOps":   model.HitsOps,
	"opPage":    opPage,
	"ranksOf": func(rs []ranking, op string) []ranking {
		return slices.DeleteFunc(slices.Clone(rs), func(rk ranking) bool { return rk.Op != op })
	},
	"anchor":   anchor,
	"sibling":  func(file, name string) string { return path.Join(path.Dir(file), name) },
	"replace1": func(s, old, new string) string { return strings.Replace(s, old, new, 1) },
	"dur":      format.Duration,
	"durCI":    format.DurationCI[model.Estimate],
	"ratio":    format.Ratio,
	"ratioCI":  format.RatioCI[model.Estimate],
	"pct":      format.Percent,
	"pct100":   func(x float64) string { return format.Percent(100 * x) },
	"pctCI":    format.PercentCI[model.Estimate],
	"sigCI":    func(e model.Estimate) string { return format.CI(e, format.Sig, "") },
}

// A view is what a section made from the page alone is executed on.
type view struct {
	Page
	R     *load.Run
	Ranks []ranking // when the page publishes them

	Notes, Findings []string
	Tables          []table
	Charts          []chart

	Op       string    // the operation of an ops/<op>.md page; "" on the page itself
	Up       string    // the page's directory from the page's file: "../" on an operation's page
	Contents []heading // README.md's sections
}

// names are the names and limits the templates quote ({{Base}}), spelled by
// the packages that own them; init makes each a function of no arguments.
var names = map[string]any{
	"Base": rawfmt.Base, "Floor": rawfmt.Floor, "Noop": rawfmt.Noop, "AllocRef": rawfmt.AllocRef,
	"UnitNs": rawfmt.UnitNs, "UnitB": rawfmt.UnitB, "UnitAllocs": rawfmt.UnitAllocs,
	"UnitFields": rawfmt.UnitFields, "UnitDocB": rawfmt.UnitDocB, "CommitKey": rawfmt.KeyCommit,
	"SkipsPrefix": rawfmt.KeySkipsPrefix, "RawDir": load.RawDir, "None": format.None,
	"FieldsDocs": load.Fields.Label(), "BytesDocs": load.Bytes.Label(), "EqualDocs": load.Equal.Label(),
	"HitsDocs": load.ESHits.Label(), "HitsPrefix": load.ESHits.Prefix, "BytesPrefix": load.Bytes.Prefix,
	"Families": load.Families, "FieldsFamily": load.Fields, "Small": load.ArticleSmall, "Large": load.ArticleLarge,
	"V2Base": model.V2Base, "Roundtrip": load.OpRoundtrip, "Encode": load.OpEncodeStruct,
	"Struct": load.OpDecodeStruct, "Proj": load.OpDecodeProj, "Get5": load.OpGet5, "Map": load.OpDecodeMap,
	"MaxResid": format.Percent(100 * model.MaxResidual), "AllOps": model.AllOps,
	"MinMedian": model.MinMedianSamples, "MinBoot": model.MinBootstrapSamples, "Reps": model.BootstrapReps,
	"KB": model.BytesPerKB, "PerKB": model.PerKB, "PerField": model.PerField, "Joint": model.Joint,
	"AllocFits": []int{model.Allocs, model.AllocBytes}, "Jackson": model.Jackson,
	"Specs": model.Specs, "Forms": []model.Form{model.Linear, model.Power, model.NLogN, model.Decades},
	"Linear": model.Linear, "Power": model.Power, "NLogN": model.NLogN, "Decades": model.Decades,
	"WideHalfWidth": float64(model.WideHalfWidth), "MaxSpread": float64(model.MaxSpread),
	// PerFieldMark is the size the cost per field is compared at; FixedShare is the call's share of
	// the small document's time from which a low growth is put down to the call.
	"PerFieldMark": slices.Max(model.Marks), "FirstMark": model.Marks[0], "FixedShare": 1.0 / 3,
	"JacksonGrowth": model.Jackson.NsLarge / model.Jackson.NsSmall,
}

// section executes the template file name on its view.
func section(name string, view any) ([]byte, error) {
	var b bytes.Buffer
	if err := sections.ExecuteTemplate(&b, name+".tmpl", view); err != nil {
		return nil, fmt.Errorf("section %s: %w", name, err)
	}
	return b.Bytes(), nil
}

// tableText is a Markdown table; a column named ">…" is right-aligned.
func tableText(cols []string, rows [][]string) (string, error) {
	var b strings.Builder
	header := make([]string, len(cols))
	align := make([]markdown.Align, len(cols))
	for i, c := range cols {
		header[i] = strings.TrimPrefix(c, ">")
		if strings.HasPrefix(c, ">") {
			align[i] = markdown.Right
		}
	}
	err := markdown.Table(&b, header, rows, align...)
	return b.String(), err
}

// runKey reports whether a configuration line is the run table's by
// other means: a codec or skips line, or the command.
func runKey(key, value string) bool {
	return strings.HasPrefix(key, rawfmt.KeyCodecPrefix) || strings.HasPrefix(key, rawfmt.KeySkipsPrefix) || key == rawfmt.KeyCommand
}

// instrAt is the median count of a cell, NaN when it has none.
func instrAt(ir *load.Run, op, fixture, codec string) float64 {
	s := ir.Samples(rawfmt.Cell{Op: op, Fixture: fixture, Codec: codec}, rawfmt.UnitInstr)
	if len(s) == 0 {
		return math.NaN()
	}
	return model.Median(s)
}
