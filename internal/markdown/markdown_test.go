package markdown

import (
	"bytes"
	"strings"
	"testing"
)

func TestEscape(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"a|b", `a\|b`},
		{"<&>", "&lt;&amp;&gt;"},
		{"**fails**: x", "**fails**: x"},
		{"`<FF>|`", "`<FF>\\|`"},
		{"a < `b<c` > d", "a &lt; `b<c` &gt; d"},
		{"``a`b<``<", "``a`b<``&lt;"},
		{"`unclosed <", "`unclosed &lt;"},
		{"```x`` <", "```x`` &lt;"},
		{"two\nlines\r\nhere", "two lines here"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Escape(tt.in); got != tt.want {
			t.Errorf("Escape(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTable(t *testing.T) {
	var b bytes.Buffer
	err := Table(&b, []string{"name", "n", "note"}, [][]string{
		{"a|b", "1", "x < y"},
		{"c", "22"},
	}, Left, Right)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"| name | n | note |",
		"|:--|--:|---|",
		`| a\|b | 1 | x &lt; y |`,
		"| c | 22 |  |",
		"",
	}, "\n")
	if b.String() != want {
		t.Errorf("Table wrote\n%s\nwant\n%s", b.String(), want)
	}
}

func TestTableRejects(t *testing.T) {
	tests := []struct {
		name   string
		header []string
		rows   [][]string
		align  []Align
		want   string
	}{
		{"no columns", nil, nil, nil, "without columns"},
		{"long row", []string{"a"}, [][]string{{"1", "2"}}, nil, "row 1 has 2 cells"},
		{"extra alignment", []string{"a"}, nil, []Align{Left, Right}, "2 alignments for 1 columns"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		err := Table(&b, tt.header, tt.rows, tt.align...)
		if err == nil || !strings.Contains(err.Error(), tt.want) || b.Len() > 0 {
			t.Errorf("%s: Table error %v after writing %q, want an error containing %q and nothing written", tt.name, err, b.String(), tt.want)
		}
	}
}
