package probes

import (
	"bytes"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

// TestProbeReportDeterministic runs the probes twice on the configurations
// whose map order varies and compares the rendered tables byte for byte.
func TestProbeReportDeterministic(t *testing.T) {
	t.Parallel()
	var cs []*codecs.Codec
	for _, name := range []string{"encoding-json", "json-v2", "sonic-default", "jsoniter-fastest", "easyjson"} {
		cs = append(cs, mustLookup(t, name))
	}
	var reports [2][]byte
	for i := range reports {
		res, err := Run(Probes(), cs, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if reports[i], err = render("probes.md", res, res); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(reports[0], reports[1]) {
		t.Errorf("two runs render different tables:\n%s\n---\n%s", reports[0], reports[1])
	}
}

func TestFoldTruncations(t *testing.T) {
	outcomes := func(labels ...string) *Results {
		r := &Results{Suite: &Suite{}, Outcomes: map[string][]Outcome{}}
		for i, l := range labels {
			r.Suite.Cases = append(r.Suite.Cases, Case{Name: truncationPrefix + string(rune('0'+i))})
			r.Outcomes["c"] = append(r.Outcomes["c"], Outcome{Label: l})
		}
		return r
	}
	tests := []struct {
		labels []string
		want   string
	}{
		{[]string{rejects, rejects, rejects}, "rejects all"},
		{[]string{NA, NA}, NA},
		{[]string{rejects, accepts, rejects, Crash}, "accepts 1 (at 1); crash 1 (at 3); rejects 2"},
	}
	for _, tt := range tests {
		r := outcomes(tt.labels...)
		r.Suite.Cases = append(r.Suite.Cases, Case{Name: "not a truncation"})
		r.Outcomes["c"] = append(r.Outcomes["c"], Outcome{Label: Crash})
		if got := (page{Results: r}).FoldTruncations(&codecs.Codec{Name: "c"}); got != tt.want {
			t.Errorf("FoldTruncations(%q) = %q, want %q", tt.labels, got, tt.want)
		}
	}
}

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{`1e+20`, "`1e+20`"},
		{"\"a\xffb\"", "`\"a<FF>b\"`"},
		{"a`b", "`a<60>b`"},
	}
	for _, tt := range tests {
		if got := quote(tt.in); got != tt.want {
			t.Errorf("quote(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestReadme(t *testing.T) {
	cs := []*codecs.Codec{mustLookup(t, "encoding-json"), mustLookup(t, "gjson")}
	readme, err := render("README.md", &Results{Codecs: cs}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"`" + SuiteModule + "@" + SuiteVersion + "`",
		SuiteSum,
		RulesMarkdown(),
		"| gjson | github.com/tidwall/gjson@",
		"at most 4096 bytes, nested at most 100 deep",
	} {
		if !bytes.Contains(readme, []byte(want)) {
			t.Errorf("README lacks %q", want)
		}
	}
	if bytes.Contains(readme, []byte("{{")) || bytes.Contains(readme, []byte("<no value>")) {
		t.Errorf("README holds template text:\n%s", readme)
	}
}
