package render

import (
	"bytes"
	"encoding/csv"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// model.csv holds every coefficient with its fit's form, residual, flag and
// held-out errors, and the power form's k beside another chosen form.
func TestModelCSV(t *testing.T) {
	a := analyze(t, synthRaw(map[string]curve{rawfmt.Base: line(300, 250), "bumpy": bump(line(300, 250), 10)}), "")
	records, err := csv.NewReader(bytes.NewReader(modelCSV(a.Model))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header := strings.Join(records[0], ",")
	if want := "op,codec,fit,unit,form,points,max_resid,worst_fixture,flagged,held_out a + b·n,held_out a + b·n^k,"; !strings.HasPrefix(header, want) {
		t.Errorf("header %s, want it to start %s", header, want)
	}
	var got []string
	for _, r := range records[1:] {
		if r[0] == rawfmt.OpDecodeMap && r[2] == "ns-per-field" {
			got = append(got, r[1]+" "+r[4]+" "+r[7]+" "+r[8]+" "+r[len(r)-4])
		}
	}
	want := []string{
		"encoding-json a + b·n fields-0001 false a",
		"encoding-json a + b·n fields-0001 false b",
		"encoding-json a + b·n fields-0001 false k (power form)",
		"bumpy a + b·n fields-0010 true a",
		"bumpy a + b·n fields-0010 true b",
		"bumpy a + b·n fields-0010 true k (power form)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("decode-map ns-per-field rows:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
