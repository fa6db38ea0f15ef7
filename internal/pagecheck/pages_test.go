package pagecheck

import (
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/jsoncost/jsoncost/internal/markdown"
)

func TestPages(t *testing.T) {
	root := fstest.MapFS{
		"README.md":             {},
		"m/README.md":           {},
		"m/ops/get5.md":         {},
		"m/raw/run.md":          {},
		"m/charts/a.svg":        {},
		"conformance/probes.md": {},
	}
	got, err := Pages(root)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"README.md", "conformance/probes.md", "m/README.md", "m/ops/get5.md"}; !slices.Equal(got, want) {
		t.Errorf("Pages = %q, want %q", got, want)
	}
}

func TestOverlong(t *testing.T) {
	long := strings.Repeat("x", markdown.MaxLine+1)
	tests := []struct {
		name string
		page string
		want []int
	}{
		{"short lines", "text\n\n| a |\n|---|\n", nil},
		{"prose", "text\n" + long + "\n", []int{2}},
		{"a table line may be long", "| a |\n|:-:|\n| " + long + " |\n" + long, []int{4}},
		{"a row without a delimiter is text", "| " + long + " |\ntext", []int{1}},
		{"so is a table in a fence", "```\n| a |\n|---|\n| " + long + " |\n```", []int{4}},
	}
	for _, tt := range tests {
		if got := Overlong([]byte(tt.page)); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Overlong = %v, want %v", tt.name, got, tt.want)
		}
	}
}
