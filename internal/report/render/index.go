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
	var d doc
	d.line("# Results")
	d.line("")
	d.line("Raw benchmark output per machine under `<machine-id>/%s/`, one file per run named by the time it started (`make bench` runs the whole matrix; `make bench-quick` and narrowed runs cover part of it), and the report `make report` builds from them: each machine's page from its newest full run, and a page of its own for every other run. Compare two runs with `make compare OLD=<raw file or dir> NEW=<raw file or dir>`.", load.RawDir)
	d.line("")
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
	d.table([]string{"machine", "cpu", "go", "page built from"}, rows)
	d.line("")
	if len(runs) > 0 {
		d.line("## Runs")
		d.line("")
		d.line("Each page links the raw file it is built from.")
		d.line("")
		d.table([]string{"machine", "run (UTC)", "kind", "page"}, runs)
		d.line("")
	}
	if len(others) > 0 {
		d.line("## Other reports")
		d.line("")
		items := make([]string, len(others))
		for i, o := range others {
			items[i] = Link{o, o + "/README.md"}.String()
		}
		d.list(items)
	}
	return trimNewline(d.Bytes()), d.err
}

func rawHref(machine string, r load.Raw) string {
	return fmt.Sprintf("%s/%s/%s", machine, load.RawDir, r.File)
}

// trimNewline drops the blank line a page's last block leaves.
func trimNewline(b []byte) []byte {
	for len(b) > 1 && b[len(b)-1] == '\n' && b[len(b)-2] == '\n' {
		b = b[:len(b)-1]
	}
	return b
}
