package markdown

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
		width    int
		want     []string // the lines of the result
	}{
		{"short lines stay", "a b\n\nc\n\n", MaxLine, []string{"a b", "", "c"}},
		{"prose breaks at spaces", long("", 50) + "\n", MaxLine, []string{long("", 32), long("", 18)}},
		{"at the width given", long("", 10), 20, []string{long("", 4), long("", 4), long("", 2)}},
		{"a list item continues under its text", long("- ", 50), MaxLine, []string{long("- ", 31), long("  ", 19)}},
		{"a numbered one too", long("12. ", 50), MaxLine, []string{long("12. ", 31), long("    ", 19)}},
		{"tables, headings and fences stay whole", "| " + long("", 50) + " |\n# " + long("", 50) + "\n```\n" + long("", 50) + "\n```\n", MaxLine,
			[]string{"| " + long("", 50) + " |", "# " + long("", 50), "```", long("", 50), "```"}},
		{"no line starts a block", long("", 32) + " - " + long("", 18), MaxLine, []string{long("", 31), "word - " + long("", 18)}},
		{"nor an ordered list", long("", 32) + " 2. " + long("", 18), MaxLine, []string{long("", 31), "word 2. " + long("", 18)}},
		{"a word too long for a line stays whole", strings.Repeat("x", 200) + " y", MaxLine, []string{strings.Repeat("x", 200), "y"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := string(Wrap([]byte(tt.in), tt.width))
			if !strings.HasSuffix(out, "\n") || strings.HasSuffix(out, "\n\n") {
				t.Errorf("Wrap's page does not end in one newline: %q", out)
			}
			got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("Wrap gave\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
			if strings.Join(strings.Fields(out), " ") != strings.Join(strings.Fields(tt.in), " ") {
				t.Error("Wrap changed the words")
			}
		})
	}
}
