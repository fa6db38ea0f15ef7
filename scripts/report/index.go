package main

import (
	"fmt"
	"strings"
)

// renderIndex writes results/README.md: every machine, the run its page is built from, and all its
// raw runs, then the other reports kept under results/.
func renderIndex(ms []machine, others []string) []byte {
	var b md
	b.line("# Results")
	b.line("")
	b.line("Raw benchmark output per machine (`<machine-id>/raw/<UTC timestamp>.txt`, written by `make bench`; `-quick` and `-custom` runs cover part of the matrix) and the report `make report` builds from each machine's newest full run. Compare two runs with `make compare OLD=<raw file or dir> NEW=<raw file or dir>`.")
	b.line("")
	b.header("machine", "cpu", "go", "page built from", "raw runs")
	for _, m := range ms {
		runs := make([]string, len(m.raws))
		for i, r := range m.raws {
			runs[i] = fmt.Sprintf("[%s](%s/raw/%s) (%s)", r.stamp, m.id, r.name, r.kind)
		}
		if m.run == nil {
			reason := "no raw files"
			if m.err != nil {
				reason = "no usable run"
			}
			b.row(m.id, none, none, reason, strings.Join(runs, ", "))
			continue
		}
		cpu, _ := m.run.configValue("cpu")
		goVersion, ok := m.run.configValue("go")
		if !ok {
			goVersion, _ = m.run.configValue("goversion")
		}
		b.row(fmt.Sprintf("[%s](%s/README.md)", m.id, m.id), orNone(cpu), orNone(goVersion),
			fmt.Sprintf("[%s](%s/raw/%s)", m.run.raw.name, m.id, m.run.raw.name), strings.Join(runs, ", "))
	}
	if len(others) > 0 {
		b.line("")
		b.line("Other reports:")
		b.line("")
		for _, o := range others {
			b.line("- [%s](%s/README.md)", o, o)
		}
	}
	return b.Bytes()
}

func orNone(s string) string {
	if s == "" {
		return none
	}
	return s
}
