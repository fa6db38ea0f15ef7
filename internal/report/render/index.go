package render

import (
	"fmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// An IndexMachine is one machine of the results index.
type IndexMachine struct {
	ID   string
	Page *load.Run  // the run the machine page is built from; nil when no run is usable
	Runs []IndexRun // every raw file the report reads, newest first
}

// An IndexRun is one raw file of the index.
type IndexRun struct {
	Raw  load.Raw
	Page string // its page, relative to the results directory; "" when it has none
	Err  error  // why it has none
}

// Index writes results/README.md: every machine, the run its page is built
// from, every run with its page, and the other reports kept under results/.
func Index(ms []IndexMachine, others []string) ([]byte, error) {
	var rows, runs [][]string
	for _, m := range ms {
		if m.Page == nil {
			reason := "no raw files"
			if len(m.Runs) > 0 {
				reason = "no usable run"
			}
			rows = append(rows, []string{m.ID, format.None, format.None, reason})
		} else {
			cpu, _ := m.Page.Value(rawfmt.KeyCPU)
			goVersion, _ := m.Page.Value(rawfmt.KeyGo)
			rows = append(rows, []string{Link{m.ID, m.ID + "/README.md"}.cell(), format.OrNone(cpu), format.OrNone(goVersion), m.Page.Raw.File})
		}
		for _, r := range m.Runs {
			page := format.None
			switch {
			case r.Page != "":
				page = Link{"page", r.Page}.cell()
			case r.Err != nil:
				page = fmt.Sprintf("unusable: %s (%s)", r.Err.Error(), Link{"raw file", rawHref(m.ID, r.Raw)}.cell())
			}
			runs = append(runs, []string{m.ID, r.Raw.Name.StampString(), r.Raw.Kind(), page})
		}
	}
	links := make([]Link, len(others))
	for i, o := range others {
		links[i] = Link{o, o + "/README.md"}
	}
	var d doc
	d.section("index", struct {
		RawDir     string
		Rows, Runs [][]string
		Others     []Link
	}{load.RawDir, rows, runs, links})
	return d.Bytes(), d.err
}

func rawHref(machine string, r load.Raw) string {
	return fmt.Sprintf("%s/%s/%s", machine, load.RawDir, r.File)
}
