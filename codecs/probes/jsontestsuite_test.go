package probes

import (
	"bytes"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

func TestJSONTestSuite(t *testing.T) {
	file, err := JSONTestSuiteFile()
	if err != nil {
		t.Fatal(err)
	}
	s, err := JSONTestSuite(file)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	for _, k := range s.Cases {
		kinds[k.Name[:1]]++
	}
	if kinds["y"] == 0 || kinds["n"] == 0 || kinds["i"] == 0 {
		t.Fatalf("corpus %s has %v cases by kind, want some of each", file, kinds)
	}
	res, err := Run(s, registered, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := Reference(res.Codecs)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Codecs {
		for i, k := range s.Cases {
			got := res.Outcomes[c.Name][i].Label
			switch {
			case !Applies(c):
				if got != NA {
					t.Errorf("%s, %s: %q, want n/a", c.Name, k.Name, got)
				}
			case got != accepts && got != rejects && got != Crash && got != Timeout:
				t.Errorf("%s, %s: unknown outcome %q", c.Name, k.Name, got)
			case c.Category == codecs.Std && got != res.Outcomes[ref.Name][i].Label:
				t.Errorf("%s is std but %s %s, encoding/json %s", c.Name, got, k.Name, res.Outcomes[ref.Name][i].Label)
			}
		}
	}
	report, err := SuiteReport(res)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Codecs {
		if !bytes.Contains(report, []byte("\n## "+c.Name+"\n")) {
			t.Errorf("report has no section for %s", c.Name)
		}
	}
}
