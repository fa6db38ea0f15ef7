package cpuprofile

import (
	"bytes"
	"fmt"
	"io"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// MaxSites is how many call sites the report lists per codec.
const MaxSites = 10

// A Basis is what the estimates stand on: a raw full run of the suite and the fixtures chosen from it.
type Basis struct {
	Run            *load.Run
	Fixture        string // the document for a switch of codec
	Full, Filtered string // the documents for filtering; both "" for none
	How            string // how they were chosen, one sentence
}

// Report writes the Markdown that make bench-profile prints: the breakdown, the codecs, their call sites
// and the estimates, with how they were computed. Nothing is written on an error.
func Report(w io.Writer, name string, b Breakdown, basis Basis) error {
	var buf bytes.Buffer
	pct := func(v float64) string { return format.Percent(100 * v / b.Total) }
	cpu := func(v float64) string {
		if b.Unit == "nanoseconds" {
			return format.Duration(v)
		}
		return format.Num(v) + " " + b.Unit
	}
	fmt.Fprintf(&buf, "# Where the CPU of %s goes\n\n%s of CPU in the profile; JSON work is %s of it.\n\n",
		markdown.Escape(name), cpu(b.Total), pct(b.JSON()))
	var rows [][]string
	for c := range NumClasses {
		rows = append(rows, []string{c.String(), cpu(b.Class[c]), pct(b.Class[c])})
	}
	if err := markdown.Table(&buf, []string{"class", "CPU", "share"}, rows, markdown.Left, markdown.Right, markdown.Right); err != nil {
		return err
	}
	rows, sites := nil, [][]string(nil)
	for _, cs := range b.Codecs {
		rows = append(rows, []string{cs.Label(), cs.Config.Name, pct(cs.Decode), pct(cs.Encode)})
		for i, s := range cs.Sites {
			if i == MaxSites {
				sites = append(sites, []string{cs.Path, fmt.Sprintf("%d more", len(cs.Sites)-MaxSites), "", ""})
				break
			}
			site := format.None // a stack of codec and runtime frames only
			if s.Func != "" {
				site = "`" + s.Func + "`"
			}
			sites = append(sites, []string{cs.Path, site, pct(s.Decode), pct(s.Encode)})
		}
	}
	buf.WriteString("\n## JSON codecs\n\nShares of the whole profile, by the package path of the frames.\n\n")
	if err := markdown.Table(&buf, []string{"codec module (configurations)", "estimated as", "decode", "encode"}, rows,
		markdown.Left, markdown.Left, markdown.Right, markdown.Right); err != nil {
		return err
	}
	buf.WriteString("\n## Call sites\n\nThe functions of the program that call into a codec, most first.\n\n")
	if err := markdown.Table(&buf, []string{"codec module", "call site", "decode", "encode"}, sites,
		markdown.Left, markdown.Left, markdown.Right, markdown.Right); err != nil {
		return err
	}
	if err := estimates(&buf, b, basis); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}

func estimates(buf *bytes.Buffer, b Breakdown, basis Basis) error {
	r := basis.Run
	save := func(e model.Estimate) string { return format.PercentCI(e.Times(100)) }
	fmt.Fprintf(buf, "\n## What switching codec would save\n\nOn `%s`; %s\n", basis.Fixture, basis.How)
	for _, cs := range b.Codecs {
		var rows [][]string
		for _, s := range Switches(b, cs, r, basis.Fixture) {
			rows = append(rows, []string{s.Codec.Name, s.Codec.Category, format.RatioCI(s.Decode), format.RatioCI(s.Encode), save(s.Saving)})
		}
		fmt.Fprintf(buf, "\nInstead of `%s` (%s):\n\n", cs.Config.Name, cs.Path)
		if len(rows) == 0 {
			fmt.Fprintf(buf, "The run has no decode-struct and encode-struct cells of `%s` on `%s`.\n", cs.Config.Name, basis.Fixture)
			continue
		}
		if err := markdown.Table(buf, []string{"configuration", "category", "decode ns/op ratio", "encode ns/op ratio", "profile CPU saved"}, rows,
			markdown.Left, markdown.Left, markdown.Right, markdown.Right, markdown.Right); err != nil {
			return err
		}
	}
	buf.WriteString("\n## What filtering fields would save\n\n")
	var rows [][]string
	for _, cs := range b.Codecs {
		if f, ok := Filtering(b, cs, r, basis.Full, basis.Filtered); ok {
			rows = append(rows, []string{cs.Config.Name, "`" + f.Full + "` → `" + f.Filtered + "`", format.RatioCI(f.Ratio), save(f.Saving)})
		}
	}
	if len(rows) == 0 {
		buf.WriteString("No estimate: give DOC and FIELDS, or a run with the es-hits fixtures.\n")
	} else if err := markdown.Table(buf, []string{"configuration", "documents", "decode ns/op ratio", "profile CPU saved"}, rows,
		markdown.Left, markdown.Left, markdown.Right, markdown.Right); err != nil {
		return err
	}
	fmt.Fprintf(buf, "\n## How this was computed\n\n"+
		"Each sample's stack is attributed by package path to the codec modules of the codec lines of `%s` (commit %s), "+
		"the standard library's encoding/json tree for `std`. A stack with a codec frame is JSON work, allocation inside it included; "+
		"its outermost codec frame says decode or encode; the call site is the first frame above it outside the codecs and the runtime. "+
		"A codec's saving is its decode share times one minus the decode-struct ns/op ratio of the other configuration to the one the "+
		"profile runs, plus its encode share times one minus the encode-struct ratio; filtering's is the decode share times one minus "+
		"the ratio of the filtered document's decode-struct to the full one's. The ratios are medians over the run's %s with 95%% "+
		"bootstrap intervals; the profile's shares are taken as exact. The estimate assumes your documents cost what the chosen "+
		"fixture costs per call, and that the saved CPU is not spent elsewhere.\n",
		r.Raw.File, cmpOr(r, "jsoncost-commit"), format.Plural(r.Rounds(), "round"))
	return nil
}

func cmpOr(r *load.Run, key string) string {
	if v, ok := r.Value(key); ok && v != "" {
		return v
	}
	return format.None
}
