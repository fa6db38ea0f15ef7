package cpuprofile

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/jsoncost/jsoncost/internal/markdown"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// MaxSites is how many call sites the report lists per codec.
const MaxSites = 10

// FewSamples is the number of samples below which the report warns that the profile's shares are
// rough: a share near one half is then known to no better than ±3 points (95%).
const FewSamples = 1000

// A Basis is what the estimates stand on: the reference run, the documents chosen from it and,
// when the user gave one, the heap profile's attribution of the program's allocation.
type Basis struct {
	Ref            *Reference
	Decode, Encode string // the documents of a switch of codec
	Filtered       string // the filtered twin of Decode, for filtering; "" for none
	How            string // how they were chosen, one sentence or more
	StandIn        bool   // the documents are fixtures nearest the program's: a saving's interval spans its GC part (Saving.Spanning)
	Heap           *Breakdown
}

// AllocOf is the share of the program's allocation in cs's decode and encode, from the heap profile;
// not Known without one.
func (b Basis) AllocOf(cs CodecShare) Alloc {
	if b.Heap == nil || b.Heap.Total <= 0 {
		return Alloc{}
	}
	a := Alloc{exact(0), exact(0)}
	for _, h := range b.Heap.Codecs {
		if h.Path == cs.Path {
			a = Alloc{exact(h.Decode / b.Heap.Total), exact(h.Encode / b.Heap.Total)}
		}
	}
	return a
}

// Report writes the Markdown that make bench-profile prints: the breakdown, the codecs, their call sites
// and the estimates, with what they stand on and what they count. Nothing is written on an error.
func Report(w io.Writer, name string, b Breakdown, basis Basis) error {
	var buf bytes.Buffer
	pct := func(v float64) string { return format.Percent(100 * v / b.Total) }
	cpu := func(v float64) string {
		if b.Unit == "nanoseconds" {
			return format.Duration(v)
		}
		return format.Num(v) + " " + b.Unit
	}
	fmt.Fprintf(&buf, "# Where the CPU of %s goes\n\n%s of CPU in the profile", markdown.Escape(name), cpu(b.Total))
	if n := b.Samples(); n > 0 {
		fmt.Fprintf(&buf, " (%s)", format.Plural(int(n), "sample"))
	}
	fmt.Fprintf(&buf, "; JSON work is %s of it.\n\n", pct(b.JSON()))
	if n := b.Samples(); n > 0 && n < FewSamples {
		p := b.JSON() / b.Total
		fmt.Fprintf(&buf, "> **Few samples:** the profile holds %s, so its shares are rough: a share of %s is known to ±%.0f points (95%%). "+
			"A longer profile (`?seconds=30` of a busy service) holds thousands.\n\n",
			format.Plural(int(n), "sample"), pct(b.JSON()), 100*1.96*math.Sqrt(p*(1-p)/n))
	}
	var rows [][]string
	for c := range NumClasses {
		rows = append(rows, []string{c.String(), cpu(b.Class[c]), pct(b.Class[c])})
	}
	if err := markdown.Table(&buf, []string{"class", "CPU", "share"}, rows, markdown.Left, markdown.Right, markdown.Right); err != nil {
		return err
	}
	if b.Body > 0 {
		fmt.Fprintf(&buf, "\nReading HTTP bodies (`net/http.(*body).Read`, a decoder's reads through it included) takes %s.\n", pct(b.Body))
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
	buf.WriteString("\n## JSON codecs\n\nShares of the whole profile, by the package path of the frames.")
	if b.Engine != "" {
		fmt.Fprintf(&buf, " Its encoding/json frames are those of the %s (%s).", EngineName(b.Engine),
			map[string]string{EngineV1: "Go 1.26 and earlier, or GOEXPERIMENT=nojsonv2", EngineV2: "Go 1.27 and later"}[b.Engine])
	}
	buf.WriteString("\n\n")
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
	r := basis.Ref.Run
	part := func(e model.Estimate) string {
		if !e.Known() {
			return "not counted"
		}
		return format.PercentCI(e.Times(100))
	}
	saved := func(s Saving) string { // an estimate with its interval, or a bound marked ≥ or ≤
		if basis.StandIn {
			s = s.Spanning()
		}
		return map[int]string{-1: "≥ ", 1: "≤ "}[s.Bound] + format.PercentCI(s.Total.Times(100))
	}
	fmt.Fprintf(buf, "\n## What the estimates stand on\n\n%s\n", basis.How)
	if len(basis.Ref.Notes) > 0 {
		fmt.Fprintf(buf, "\n- %s\n", strings.Join(basis.Ref.Notes, "\n- "))
	}
	fmt.Fprintf(buf, "\n## What switching codec would save\n\nDecoding `%s` and encoding `%s`.\n", basis.Decode, basis.Encode)
	for _, cs := range b.Codecs {
		var rows [][]string
		for _, s := range Switches(SharesOf(b, cs), basis.AllocOf(cs), r, cs.Config.Name, basis.Decode, basis.Encode) {
			rows = append(rows, []string{s.Codec.Name, s.Codec.Category, format.RatioCI(s.Decode), format.RatioCI(s.Encode), part(s.JSON), part(s.GC), saved(s.Saving)})
		}
		fmt.Fprintf(buf, "\nInstead of `%s` (%s):\n\n", cs.Config.Name, cs.Path)
		if len(rows) == 0 {
			fmt.Fprintf(buf, "The run has no decode-struct and encode-struct cells of `%s` on these documents.\n", cs.Config.Name)
			continue
		}
		if err := markdown.Table(buf, []string{"configuration", "category", "decode ns/op ratio", "encode ns/op ratio", "JSON", "GC", "profile CPU saved"}, rows,
			markdown.Left, markdown.Left, markdown.Right, markdown.Right, markdown.Right, markdown.Right, markdown.Right); err != nil {
			return err
		}
	}
	buf.WriteString("\n## What filtering fields would save\n\n")
	var rows [][]string
	for _, cs := range b.Codecs {
		if f, ok := Filtering(SharesOf(b, cs), basis.AllocOf(cs), r, cs.Config.Name, basis.Decode, basis.Filtered); ok {
			rows = append(rows, []string{cs.Config.Name, "`" + f.Full + "` → `" + f.Filtered + "`", format.RatioCI(f.Ratio), part(f.JSON), part(f.GC), part(f.Body), saved(f.Saving)})
		}
	}
	if len(rows) == 0 {
		buf.WriteString("No estimate: give DOC and FIELDS, or a run with the es-hits fixtures.\n")
	} else if err := markdown.Table(buf, []string{"configuration", "documents", "decode ns/op ratio", "JSON", "GC", "body read", "profile CPU saved"}, rows,
		markdown.Left, markdown.Left, markdown.Right, markdown.Right, markdown.Right, markdown.Right, markdown.Right); err != nil {
		return err
	}
	counted(buf, basis, b)
	return nil
}

// counted says how the estimates were computed, which parts they count and which they leave out.
func counted(buf *bytes.Buffer, basis Basis, b Breakdown) {
	r := basis.Ref.Run
	fmt.Fprintf(buf, "\n## What is counted\n\nEach sample's stack is attributed by package path to the codec modules of the codec lines of `%s`, "+
		"the standard library's encoding/json tree for `std`. A stack with a codec frame is JSON work, allocation inside it included, "+
		"GC assists and the network reads a decoder makes through its reader excepted; its outermost codec frame says decode or encode. ",
		basis.Ref.Raw.File)
	buf.WriteString("A saving counts three parts, each a share of the profile: **JSON**, the codec's decode and encode shares times one minus " +
		"the ratio of the other configuration's (or the filtered document's) ns/op to the current one's; ")
	gc := true // whether a saving counts a GC part
	switch {
	case basis.Heap != nil:
		fmt.Fprintf(buf, "**GC**, calibrated with the program's own figures: its GC share (%s) times the codec's share of its allocation in the heap profile, "+
			"times one minus the ratio of the B/op; ", format.Percent(100*b.Share(GC)))
	case r.Paired():
		buf.WriteString("**GC**, the collection the reference run charges each configuration's B/op at its service heap (GCOf), over the current one's ns/op; ")
	default:
		gc = false
		buf.WriteString("**GC** is not counted: no heap profile was given (HEAP=) and the reference run timed no collection, so a saving is a lower " +
			"bound (≥) where the other configuration allocates less and an upper bound (≤) where it allocates more; ")
	}
	buf.WriteString("**body read**, for filtering, the share of reading HTTP bodies times one minus the ratio of the documents' bytes. " +
		"The intervals are 95% and cover the profile's sampling error (a Poisson bootstrap of its samples) and the reference run's rounds. " +
		"Not counted: the allocation and work outside the codec that a change also shrinks or grows (the buffers a body is read into, " +
		"the program's own code on fewer fields), and cache effects: a figure assumes the program's documents cost what the chosen " +
		"documents cost per call, and that the saved CPU is not spent elsewhere.")
	if basis.StandIn && gc {
		buf.WriteString(" The documents stand in for DOC, and a codec's allocation on them can differ from its allocation on DOC several times over " +
			"(goccy, for one, copies its whole input on every call), so each saving's interval runs from its total with the GC part as on them " +
			"to its total with no GC part; `make bench-doc DOC=…` measures DOC itself.")
	}
	buf.WriteString("\n")
}
