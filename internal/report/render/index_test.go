package render

import (
	"strings"
	"testing"
)

// The machine page of a machine without a full run says so in one line and
// links each run's page, then its notes.
func TestRunsOnly(t *testing.T) {
	runs := []Link{{"20261202T043351Z (upgrade run)", "runs/20261202T043351Z/README.md"}, {"20261201T000000Z (quick run)", "runs/20261201T000000Z/README.md"}}
	for _, tt := range []struct {
		name  string
		notes []string
		want  string
	}{
		{"runs", nil, "# jsoncost results: m&lt;1&gt;\n\nThis machine has no full run (`make bench`), the only kind its page is built from; " +
			"each of its runs has a page of its own:\n\n- [20261202T043351Z (upgrade run)](runs/20261202T043351Z/README.md)\n" +
			"- [20261201T000000Z (quick run)](runs/20261201T000000Z/README.md)\n"},
		{"runs and notes", []string{"Ignored raw/x.txt."}, "(runs/20261201T000000Z/README.md)\n\n- Ignored raw/x.txt.\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			files, err := RunsOnly("m<1>", runs, tt.notes)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(files["README.md"]); len(files) != 1 || !strings.HasSuffix(got, tt.want) {
				t.Errorf("files %d, README.md:\n%s\nwant it to end in:\n%s", len(files), got, tt.want)
			}
		})
	}
}
