package model

import (
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/load/loadtest"
)

// Every operation is ranked against a base that runs it, named by the
// run's codec lines: encoding-json, else json-v2 when the run records it as
// category v2; without either, nothing is ranked.
func TestBaseOf(t *testing.T) {
	line := func(name, category string) string {
		return rawfmt.CodecConfig{Name: name, ModuleVersion: "example.com/" + name + "@v1", Category: category, Engine: "native"}.Format()
	}
	cells := map[rawfmt.Cell]float64{
		{Op: rawfmt.OpDecodeStruct, Fixture: load.ArticleSmall, Codec: rawfmt.Base}:   1000,
		{Op: rawfmt.OpDecodeStruct, Fixture: load.ArticleSmall, Codec: rawfmt.V2Base}: 800,
		{Op: rawfmt.OpGet5, Fixture: load.ArticleSmall, Codec: rawfmt.V2Base}:         500,
		{Op: rawfmt.OpGet5, Fixture: load.ArticleSmall, Codec: "lazy"}:                100,
	}
	tests := []struct {
		name      string
		config    []string
		get5      string // the base of get5
		lazyRatio float64
	}{
		{"json-v2 in category v2", []string{line(rawfmt.Base, "std"), line(rawfmt.V2Base, CategoryV2), line("lazy", "fast")}, rawfmt.V2Base, 0.2},
		{"json-v2 in another category", []string{line(rawfmt.Base, "std"), line(rawfmt.V2Base, "fast"), line("lazy", "fast")}, "", 0},
		{"no codec lines", nil, "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := loadtest.Load(t, rawfmt.KindFull, cellsText(tt.config, cells))
			if got := BaseOf(r, rawfmt.OpDecodeStruct); got != rawfmt.Base {
				t.Errorf("decode-struct's base %q, want %s", got, rawfmt.Base)
			}
			if got := BaseOf(r, rawfmt.OpGet5); got != tt.get5 {
				t.Errorf("get5's base %q, want %q", got, tt.get5)
			}
			ref, s := Standings(r, rawfmt.OpGet5, load.ArticleSmall)
			if ref != tt.get5 || places(s) != map[bool]string{true: "lazy:1 json-v2:2", false: "lazy:0 json-v2:0"}[tt.get5 != ""] {
				t.Errorf("get5 standings against %q: %s", ref, places(s))
			}
			if tt.get5 != "" && !approx(s[0].Ratio.V, tt.lazyRatio) {
				t.Errorf("lazy's ratio %g, want %g", s[0].Ratio.V, tt.lazyRatio)
			}
		})
	}
}
