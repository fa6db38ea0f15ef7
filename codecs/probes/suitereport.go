package probes

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
)

// SuiteReport renders jsontestsuite.md from the corpus outcomes r and the
// probe outcomes of the same configurations: counts per class and
// configuration, what each decoded the transform documents to, and the
// cases each configuration gets wrong.
func SuiteReport(r, probes *Results) ([]byte, error) {
	ref, err := Reference(r.Codecs)
	if err != nil {
		return nil, err
	}
	total := map[string]int{}
	for _, k := range r.Suite.Cases {
		total[caseClass(k.Name)]++
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# JSONTestSuite\n\n%s\n\n", generatedBy)
	fmt.Fprintf(&b, "Corpus: [JSONTestSuite](https://github.com/nst/JSONTestSuite), module `%s@%s` (hash `%s`), which `go mod download` puts in the module cache and the run checks against the pinned hash: the %d files of %s/ (%d y_ must be accepted, %d n_ must be rejected, %d i_ may go either way) and the %d of %s/, with upstream's names, each decoded into an `any`.\n\n",
		SuiteModule, SuiteVersion, SuiteSum, total["y"]+total["n"]+total["i"], parsingDir, total["y"], total["n"], total["i"], total["transform"], transformDir)
	b.WriteString("An `any` holds numbers as float64, so a number beyond its range is an error (the i_number_*_huge_exp and *_overflow cases).\n\n")
	if err := configTable(&b, r.Codecs); err != nil {
		return nil, err
	}

	b.WriteString("\n## Summary\n\n")
	var rows [][]string
	for _, c := range r.Codecs {
		n := countOutcomes(r, c.Name)
		if !decodesAny(c) {
			rows = append(rows, append([]string{c.Name}, slices.Repeat([]string{NA}, 8)...))
			continue
		}
		rows = append(rows, []string{c.Name,
			n.get("y", accepts), n.get("y", rejects), n.get("n", accepts), n.get("n", rejects),
			n.get("i", accepts), n.get("i", rejects), n.get("", Crash), n.get("", Timeout)})
	}
	header := []string{"configuration",
		fmt.Sprintf("y_ (%d) accepted", total["y"]), "y_ rejected",
		fmt.Sprintf("n_ (%d) accepted", total["n"]), "n_ rejected",
		fmt.Sprintf("i_ (%d) accepted", total["i"]), "i_ rejected", "crash", "timeout"}
	if err := markdown.Table(&b, header, rows); err != nil {
		return nil, err
	}

	fmt.Fprintf(&b, "\n## %s\n\nWhat each configuration decoded each document to (`ok`: what %s decoded), strings as Go quotes them in ASCII.\n\n", transformDir, ref.Name)
	header = []string{"document", ref.Name + " returns"}
	for _, c := range r.Codecs {
		header = append(header, c.Name)
	}
	rows = nil
	refOut := r.Outcomes[ref.Name]
	for i, k := range r.Suite.Cases {
		if caseClass(k.Name) != "transform" {
			continue
		}
		row := []string{"`" + strings.TrimPrefix(k.Name, transformDir+"/") + "`", value(refOut[i].Label)}
		for _, c := range r.Codecs {
			row = append(row, sameAs(value(r.Outcomes[c.Name][i].Label), value(refOut[i].Label)))
		}
		rows = append(rows, row)
	}
	if err := markdown.Table(&b, header, rows); err != nil {
		return nil, err
	}

	fmt.Fprintf(&b, "\nPer configuration below, a case it decides unlike %s names in parentheses the probe on which it differs that explains it (README.md).\n", ref.Name)
	for _, c := range r.Codecs {
		fmt.Fprintf(&b, "\n## %s\n\n", c.Name)
		if !decodesAny(c) {
			b.WriteString("n/a: it decodes neither maps nor structs.\n")
			continue
		}
		n := countOutcomes(r, c.Name)
		rows = nil
		for _, class := range []string{"y", "n", "i"} {
			rows = append(rows, []string{class + "_", strconv.Itoa(total[class]), n.get(class, accepts), n.get(class, rejects), n.get(class, Crash), n.get(class, Timeout)})
		}
		if err := markdown.Table(&b, []string{"cases", "of", "accepted", "rejected", "crash", "timeout"}, rows); err != nil {
			return nil, err
		}
		diffs := Differences(probes, ref.Name, c.Name)
		var yRejected, nAccepted, other, unlikeRef []string
		for i, k := range r.Suite.Cases {
			o, want := r.Outcomes[c.Name][i], refOut[i]
			name := "`" + k.Name + "`"
			if o.Label != want.Label {
				why := "unexplained"
				if d, ok := Explain(diffs, k.Doc()); ok {
					why = d.Probe.Name
				}
				name += " (" + why + ")"
			}
			switch class := caseClass(k.Name); {
			case o.Label == Crash || o.Label == Timeout:
				other = append(other, name+" "+o.Label)
			case class == "y" && o.Label == rejects:
				yRejected = append(yRejected, name)
			case class == "n" && o.Label == accepts:
				nAccepted = append(nAccepted, name)
			case class == "i" && c == ref && o.Label == rejects:
				unlikeRef = append(unlikeRef, name)
			case class == "i" && o.Label != want.Label:
				unlikeRef = append(unlikeRef, name+" "+o.Label)
			}
		}
		b.WriteByte('\n')
		list(&b, "y_ rejected", yRejected)
		list(&b, "n_ accepted", nAccepted)
		list(&b, "crash or timeout", other)
		if c == ref {
			list(&b, "i_ rejected", unlikeRef)
		} else {
			list(&b, "i_ decided unlike "+ref.Name, unlikeRef)
		}
	}
	if err := unexplained(&b, r, probes); err != nil {
		return nil, err
	}
	failures(&b, r)
	return b.Bytes(), nil
}

// value shows a transform outcome: the decoded value, or the label.
func value(label string) string { return strings.TrimPrefix(label, accepts+" ") }

// outcomeCounts counts outcomes by case class ("" for all) and label.
type outcomeCounts map[[2]string]int

func (n outcomeCounts) get(class, label string) string {
	return strconv.Itoa(n[[2]string{class, label}])
}

func countOutcomes(r *Results, name string) outcomeCounts {
	n := outcomeCounts{}
	for i, k := range r.Suite.Cases {
		l := r.Outcomes[name][i].Label
		n[[2]string{caseClass(k.Name), l}]++
		n[[2]string{"", l}]++
	}
	return n
}

// BadInputReport renders badinput.md from the bad-input outcomes r and the
// probe outcomes of the same configurations: what each configuration did
// with each hostile document, the truncations folded into one row.
func BadInputReport(r, probes *Results) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# Bad input\n\n%s\n\n", generatedBy)
	fmt.Fprintf(&b, "Each document is decoded into an `any`, one child process per configuration, each case with a %v time limit. `accepts (…)` shows what the value held.\n\n", r.Suite.Timeout)
	if err := configTable(&b, r.Codecs); err != nil {
		return nil, err
	}
	b.WriteString("\n")
	header := []string{"input"}
	for _, c := range r.Codecs {
		header = append(header, c.Name)
	}
	var rows [][]string
	var truncations []int
	for i, k := range r.Suite.Cases {
		if strings.HasPrefix(k.Name, truncationPrefix) {
			truncations = append(truncations, i)
			continue
		}
		row := []string{k.Name}
		for _, c := range r.Codecs {
			row = append(row, r.Outcomes[c.Name][i].Label)
		}
		rows = append(rows, row)
	}
	if len(truncations) > 0 {
		row := []string{fmt.Sprintf("every truncation of a %d-byte document (%d cases)", len(truncationDoc), len(truncations))}
		for _, c := range r.Codecs {
			row = append(row, foldTruncations(r, c.Name, truncations))
		}
		rows = append(rows, row)
	}
	if err := markdown.Table(&b, header, rows); err != nil {
		return nil, err
	}
	fmt.Fprintf(&b, "\nThe truncated document:\n\n```json\n%s\n```\n", truncationDoc)
	if err := unexplained(&b, r, probes); err != nil {
		return nil, err
	}
	failures(&b, r)
	return b.Bytes(), nil
}

// foldTruncations summarizes the truncation outcomes of one configuration:
// each label with its count, and the offsets of any that are not rejects.
func foldTruncations(r *Results, name string, idx []int) string {
	byLabel := map[string][]string{}
	for _, i := range idx {
		l := r.Outcomes[name][i].Label
		byLabel[l] = append(byLabel[l], strings.TrimPrefix(r.Suite.Cases[i].Name, truncationPrefix))
	}
	if len(byLabel) == 1 {
		for l := range byLabel {
			if l == NA {
				return NA
			}
			return l + " all"
		}
	}
	var parts []string
	for _, l := range slices.Sorted(maps.Keys(byLabel)) {
		at := byLabel[l]
		part := fmt.Sprintf("%s %d", l, len(at))
		if l != rejects {
			if len(at) > 8 {
				at = append(at[:8:8], "…")
			}
			part += " (at " + strings.Join(at, ", ") + ")"
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, "; ")
}
