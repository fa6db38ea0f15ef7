package render

import (
	"strings"
	"testing"
)

func TestWrap(t *testing.T) {
	long := func(prefix string, words int) string {
		return prefix + strings.TrimSpace(strings.Repeat("word ", words))
	}
	tests := []struct {
		name, in string
		want     []string // the lines of the result
	}{
		{"short lines stay", "a b\n\nc\n\n", []string{"a b", "", "c"}},
		{"prose breaks at spaces", long("", 50) + "\n", []string{long("", 32), long("", 18)}},
		{"a list item continues under its text", long("- ", 50), []string{long("- ", 31), long("  ", 19)}},
		{"a numbered one too", long("12. ", 50), []string{long("12. ", 31), long("    ", 19)}},
		{"tables, headings and fences stay whole", "| " + long("", 50) + " |\n# " + long("", 50) + "\n```\n" + long("", 50) + "\n```\n",
			[]string{"| " + long("", 50) + " |", "# " + long("", 50), "```", long("", 50), "```"}},
		{"no line starts a block", long("", 32) + " - " + long("", 18), []string{long("", 31), "word - " + long("", 18)}},
		{"nor an ordered list", long("", 32) + " 2. " + long("", 18), []string{long("", 31), "word 2. " + long("", 18)}},
		{"a word too long for a line stays whole", strings.Repeat("x", 200) + " y", []string{strings.Repeat("x", 200), "y"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := string(wrap([]byte(tt.in)))
			if !strings.HasSuffix(out, "\n") || strings.HasSuffix(out, "\n\n") {
				t.Errorf("wrap's page does not end in one newline: %q", out)
			}
			got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("wrap gave\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if strings.Join(strings.Fields(string(wrap([]byte(tt.in)))), " ") != strings.Join(strings.Fields(tt.in), " ") {
				t.Error("wrap changed the words")
			}
		})
	}
}

func TestHeadings(t *testing.T) {
	page := "# Title\n\n## `_source` filtering: a &amp; b\n\n### Per KB\n\n```\n## not one\n```\n## Per KB\n#### deep\n##no\n"
	got := headings([]byte(page))
	want := []heading{
		{2, "`_source` filtering: a &amp; b", "_source-filtering-a--b"},
		{3, "Per KB", "per-kb"},
		{2, "Per KB", "per-kb-1"},
	}
	if len(got) != len(want) {
		t.Fatalf("headings %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("heading %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}
