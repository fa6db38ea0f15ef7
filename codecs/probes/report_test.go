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
		if got := (page{Results: r}).FoldTruncations("c"); got != tt.want {
			t.Errorf("FoldTruncations(%q) = %q, want %q", tt.labels, got, tt.want)
		}
	}
}

func TestOthers(t *testing.T) {
	tests := []struct {
		name   string
		labels []string // the reference's, then a's, b's, c's and d's on the one case
		want   string
	}{
		{"all the same", []string{rejects, rejects, rejects, rejects, rejects}, "all the same"},
		{"grouped in order, n/a last", []string{rejects, NA, accepts, Crash, accepts}, "b, d: accepts; c: crash; a: n/a"},
		{"the reference is never named", []string{accepts + " (0)", rejects, accepts + " (0)", accepts + " (0)", accepts + " (0)"}, "a: rejects"},
	}
	for _, tt := range tests {
		r := &Results{Suite: &Suite{Cases: []Case{{Name: "case"}}}, Outcomes: map[string][]Outcome{}}
		for i, name := range []string{Reference, "a", "b", "c", "d"} {
			r.Codecs = append(r.Codecs, &codecs.Codec{Name: name})
			r.Outcomes[name] = []Outcome{{Label: tt.labels[i]}}
		}
		p := page{Results: r}
		if got := p.Others(0, p.Label(Reference, 0)); got != tt.want {
			t.Errorf("%s: Others = %q, want %q", tt.name, got, tt.want)
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
