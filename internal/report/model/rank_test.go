package model

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

func TestRankTies(t *testing.T) {
	// st is a standing with a median and a ratio interval; lo = hi = 0
	// means no interval.
	st := func(codec string, median, lo, hi float64) Standing {
		return Standing{Codec: codec, Ns: Estimate{V: median}, Ratio: Estimate{V: median, Lo: lo, Hi: hi, HasCI: lo != 0 || hi != 0}}
	}
	tests := []struct {
		name string
		in   []Standing
		want string // codec:rank, "=" before a shared rank, in order
	}{
		{
			name: "apart: ranks follow the medians, not the names or the given order",
			in:   []Standing{st("a", 3, 2.9, 3.1), st("z", 1, 0.9, 1.1), st("m", 2, 1.9, 2.1)},
			want: "z:1 m:2 a:3",
		},
		{
			name: "overlapping intervals share a rank",
			in:   []Standing{st("a", 1, 0.5, 1.1), st("b", 2, 1.9, 2.1), st("c", 2.05, 2.0, 2.2), st("d", 3, 2.9, 3.1)},
			want: "a:1 b:=2 c:=2 d:4",
		},
		{
			name: "a group ends where the interval leaves its fastest member's",
			in:   []Standing{st("a", 1, 0.9, 1.05), st("b", 1.1, 0.95, 1.3), st("c", 1.2, 1.15, 1.4)},
			want: "a:=1 b:=1 c:3",
		},
		{
			name: "three-way tie",
			in:   []Standing{st("b", 1.1, 0.8, 1.3), st("a", 1, 0.8, 1.2), st("c", 1.2, 1.0, 1.3)},
			want: "a:=1 b:=1 c:=1",
		},
		{
			name: "no intervals: only equal medians tie, in the given order",
			in:   []Standing{st("b", 2, 0, 0), st("a", 1, 0, 0), st("z", 2, 0, 0)},
			want: "a:1 b:=2 z:=2",
		},
		{name: "nothing", in: nil, want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := slices.Clone(tt.in)
			RankTies(s)
			if got := places(s); got != tt.want {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

// places writes standings as codec:rank, "=" marking a shared rank.
func places(s []Standing) string {
	var out []string
	for _, x := range s {
		tie := ""
		if x.Tied {
			tie = "="
		}
		out = append(out, fmt.Sprintf("%s:%s%d", x.Codec, tie, x.Rank))
	}
	return strings.Join(out, " ")
}

func TestStandings(t *testing.T) {
	r := loadCells(t, map[string]map[string]float64{
		load.ArticleLarge: {rawfmt.Base: 1000, "slow": 2000, "fast": 250, "twin": 1000, rawfmt.Floor: 10},
		load.ArticleSmall: {"fast": 50, "slow": 60},
	})
	tests := []struct {
		fixture, ref, want string
		ratios             map[string]float64
	}{
		{load.ArticleLarge, rawfmt.Base, "fast:1 " + rawfmt.Base + ":=2 twin:=2 slow:4", map[string]float64{"fast": 0.25, rawfmt.Base: 1, "slow": 2}},
		// The base ran the operation but not this document: nothing is ranked against one of its own.
		{load.ArticleSmall, "", "fast:0 slow:0", nil},
		{"fields-0500", "", "", nil},
	}
	for _, tt := range tests {
		ref, s := Standings(r, rawfmt.OpDecodeMap, tt.fixture)
		if ref != tt.ref {
			t.Errorf("%s: reference %q, want %q", tt.fixture, ref, tt.ref)
		}
		if got := places(s); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.fixture, got, tt.want)
		}
		for _, x := range s {
			if want, ok := tt.ratios[x.Codec]; ok && !approx(x.Ratio.V, want) {
				t.Errorf("%s: %s ratio %g, want %g", tt.fixture, x.Codec, x.Ratio.V, want)
			}
		}
	}
}

func approx(a, b float64) bool { return a-b < 1e-9 && b-a < 1e-9 }
