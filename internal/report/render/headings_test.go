package render

import "testing"

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
