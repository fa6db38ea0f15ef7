package probes

import (
	"bytes"
	"cmp"
	"embed"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"
	"text/template"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/markdown"
)

// The bounds on FuzzDecode's inputs, which every decoder reads in process.
const maxFuzzInput, maxFuzzDepth = 4 << 10, 100

//go:embed tables/*.tmpl
var tableFiles embed.FS

var tables = template.Must(template.New("").Funcs(template.FuncMap{
	"esc":        func(v any) string { return markdown.Escape(fmt.Sprint(v)) },
	"value":      value,
	"join":       strings.Join,
	"rules":      RulesMarkdown,
	"words":      strings.Fields,
	"base":       path.Base,
	"class":      caseClass,
	"decodesAny": decodesAny,
	"truncation": func(name string) bool { return strings.HasPrefix(name, truncationPrefix) },
	"indent":     indentJSON,
}).ParseFS(tableFiles, "tables/*.tmpl"))

// page is what a table template renders; C holds the constants pages quote.
type page struct {
	*Results
	Probes *Results
	C      map[string]any
}

func render(name string, r, probes *Results) ([]byte, error) {
	var b bytes.Buffer
	err := tables.ExecuteTemplate(&b, name+".tmpl", page{r, probes, map[string]any{
		"SuiteModule": SuiteModule, "SuiteVersion": SuiteVersion, "SuiteSum": SuiteSum, "Reference": Reference,
		"MaxFuzzInput": maxFuzzInput, "MaxFuzzDepth": maxFuzzDepth, "Timeout": caseTimeout, "TruncationDoc": truncationDoc,
	}})
	if err != nil {
		return nil, fmt.Errorf("rendering %s: %w", name, err)
	}
	return markdown.Wrap(b.Bytes(), markdown.MaxLine), nil
}

// Pages runs every suite on cs and renders results/conformance, by file name.
func Pages(cs []*codecs.Codec, opt Options) (map[string][]byte, error) {
	dir, err := JSONTestSuiteDir()
	if err != nil {
		return nil, err
	}
	corpus, err := JSONTestSuite(dir)
	if err != nil {
		return nil, err
	}
	pages := map[string][]byte{}
	var probes *Results // the first suite's, which explain the others
	for _, s := range []*Suite{Probes(), corpus, BadInput(true)} {
		r, err := Run(s, cs, opt)
		if err != nil {
			return nil, err
		}
		probes = cmp.Or(probes, r)
		if pages[s.Name+".md"], err = render(s.Name+".md", r, probes); err != nil {
			return nil, err
		}
	}
	pages["README.md"], err = render("README.md", probes, probes)
	return pages, err
}

func (p page) Label(name string, i int) string { return p.Outcomes[name][i].Label }
func (p page) Unexplained() ([]string, error)  { return Unexplained(p.Results, p.Probes) }

// CategoryRow returns c's row of the categories table.
func (p page) CategoryRow(c *codecs.Codec) []string {
	derived := "?"
	_, i, why, err := decide(c, p.Results)
	if err != nil {
		why = err.Error()
	} else {
		derived = fmt.Sprintf("%s by rule %d", rules[i].category, i+1)
	}
	found := cmp.Or(strings.Join(probeNames(Differences(p.Results, c.Name)), "; "), "none")
	if !ran(p.Outcomes[c.Name]) {
		found = NA
	}
	check := "ok"
	if err := CheckCategory(c, p.Results); err != nil {
		check = "**fails**: " + err.Error()
	}
	return []string{c.Name, string(c.Category), derived + ": " + why, found, strings.Join(c.Skips, "; "), check}
}

// Failures lists the crashes and timeouts with their details.
func (p page) Failures() []string {
	var lines []string
	for _, c := range p.Codecs {
		for i, o := range p.Outcomes[c.Name] {
			if o.Label == Crash || o.Label == Timeout {
				lines = append(lines, fmt.Sprintf("- %s, %s: %s (%s)", c.Name, markdown.Escape(p.Suite.Cases[i].Name), o.Label, markdown.Escape(o.Detail)))
			}
		}
	}
	return lines
}

// Total counts the cases of the given classes (see caseClass).
func (p page) Total(classes ...string) int {
	return len(slices.DeleteFunc(slices.Clone(p.Suite.Cases), func(k Case) bool { return !slices.Contains(classes, caseClass(k.Name)) }))
}

// Count counts c's outcomes with label on the cases of class ("" for all).
func (p page) Count(c *codecs.Codec, class, label string) int {
	n := 0
	for i, k := range p.Suite.Cases {
		if (class == "" || caseClass(k.Name) == class) && p.Outcomes[c.Name][i].Label == label {
			n++
		}
	}
	return n
}

type list struct {
	Title string
	Items []string
}

// Wrong lists the cases c decides wrongly, naming the probe that explains each.
func (p page) Wrong(c *codecs.Codec) []list {
	diffs, ref := Differences(p.Probes, c.Name), c.Name == Reference
	lists := []list{{Title: "y_ rejected"}, {Title: "n_ accepted"}, {Title: "crash or timeout"}, {Title: "i_ decided unlike " + Reference}}
	if ref {
		lists[3].Title = "i_ rejected"
	}
	for i, k := range p.Suite.Cases {
		o, want := p.Outcomes[c.Name][i], p.Outcomes[Reference][i]
		name := "`" + k.Name + "`"
		if o.Label != want.Label {
			name += " (" + cmp.Or(Explain(diffs, k.Doc()), "unexplained") + ")"
		}
		at, item := -1, name
		switch class := caseClass(k.Name); {
		case o.Label == Crash || o.Label == Timeout:
			at, item = 2, name+" "+o.Label
		case class == "y" && o.Label == rejects:
			at = 0
		case class == "n" && o.Label == accepts:
			at = 1
		case class == "i" && ref && o.Label == rejects:
			at = 3
		case class == "i" && o.Label != want.Label:
			at, item = 3, name+" "+o.Label
		}
		if at >= 0 {
			lists[at].Items = append(lists[at].Items, item)
		}
	}
	return lists
}

// Others names the configurations but the reference whose label on case i
// is not want, for a table too narrow for a column each (see others).
func (p page) Others(i int, want string) string {
	return p.others(want, func(name string) string { return p.Label(name, i) })
}

// OtherValues is Others for what the configurations decoded case i to.
func (p page) OtherValues(i int, want string) string {
	return p.others(want, func(name string) string { return value(p.Label(name, i)) })
}

// value is what a label says the configuration decoded: the label without
// its "accepts".
func value(label string) string { return strings.TrimPrefix(label, accepts+" ") }

// OtherTruncations is Others for the truncation cases, as FoldTruncations
// gives them.
func (p page) OtherTruncations(want string) string { return p.others(want, p.FoldTruncations) }

// others groups the configurations but the reference whose outcome is not
// want by outcome, in the order they first give it, those that lack the
// operation last: "a, b: outcome; c: n/a". All agreeing is "all the same".
func (p page) others(want string, outcome func(name string) string) string {
	var order []string
	by := map[string][]string{}
	for _, c := range p.Codecs {
		if o := outcome(c.Name); c.Name != Reference && o != want {
			if by[o] == nil {
				order = append(order, o)
			}
			by[o] = append(by[o], c.Name)
		}
	}
	if len(order) == 0 {
		return "all the same"
	}
	if i := slices.Index(order, NA); i >= 0 {
		order = append(slices.Delete(order, i, i+1), NA)
	}
	parts := make([]string, len(order))
	for i, o := range order {
		parts[i] = strings.Join(by[o], ", ") + ": " + o
	}
	return strings.Join(parts, "; ")
}

// indentJSON is doc with each value on a line of its own, for a page.
func indentJSON(doc string) (string, error) {
	var b bytes.Buffer
	err := json.Indent(&b, []byte(doc), "", "  ")
	return b.String(), err
}

// FoldTruncations gives each truncation label's count and offsets.
func (p page) FoldTruncations(name string) string {
	byLabel := map[string][]string{}
	for i, k := range p.Suite.Cases {
		if at, ok := strings.CutPrefix(k.Name, truncationPrefix); ok {
			l := p.Outcomes[name][i].Label
			byLabel[l] = append(byLabel[l], at)
		}
	}
	var parts []string
	for _, l := range slices.Sorted(maps.Keys(byLabel)) {
		at := byLabel[l]
		switch {
		case len(byLabel) == 1 && l == NA:
			return NA
		case len(byLabel) == 1:
			return l + " all"
		case l == rejects:
			parts = append(parts, fmt.Sprintf("%s %d", l, len(at)))
			continue
		case len(at) > 8:
			at = append(at[:8:8], "…")
		}
		parts = append(parts, fmt.Sprintf("%s %d (at %s)", l, len(byLabel[l]), strings.Join(at, ", ")))
	}
	return strings.Join(parts, "; ")
}
