// Package cpuprofile attributes the samples of a Go CPU profile to what they spend it on: JSON decode and
// encode in each codec, GC and allocation, net/http with its syscalls, and the rest.
//
// Data flows one way. Read parses a profile with github.com/google/pprof/profile and refuses what cannot
// be attributed (read.go); a Table, built from a raw file's codec lines (rawfmt.CodecConfig), knows which
// package paths belong to which codec module; Attribute walks every sample's stack once and returns a
// Breakdown: CPU per class, per codec module, and per call site in the profiled program's own code.
// Estimate (estimate.go) sets a Breakdown against the suite's measured ratios, and Report (report.go)
// writes what make bench-profile prints.
package cpuprofile

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/google/pprof/profile"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// A Class is what a sample spends its CPU on.
type Class int

// The classes, each sample in exactly one.
const (
	Decode Class = iota // a frame of a codec's packages, whose outermost codec frame reads
	Encode              // the same, whose outermost codec frame writes (Marshal, Encode)
	GC                  // the collector's workers, and allocation and GC work outside JSON
	Net                 // net/http, net, TLS, internal/poll and syscalls, where they are the leaf-most deciding frame
	Other               // the rest: the program's own code, scheduling, everything else
	NumClasses
)

var classNames = [NumClasses]string{"JSON decode", "JSON encode", "GC and allocation", "net/http and syscalls", "the rest"}

func (c Class) String() string { return classNames[c] }

// StdModule is the module name a raw file's codec line gives the standard library (std@goX.Y.Z), and
// StdJSON the tree of its JSON packages: encoding/json, encoding/json/v2, encoding/json/jsontext and
// their internal packages.
const (
	StdModule = "std"
	StdJSON   = "encoding/json"
)

// The engines of encoding/json, as a raw file's encoding-json codec line and encoding-json-engine values
// name them: Go 1.27 runs encoding/json on the v2 engine, Go 1.26 and GOEXPERIMENT=nojsonv2 on the v1.
const (
	EngineV1 = "v1-engine"
	EngineV2 = "v2-engine"
)

// A Table maps package paths to codec modules, from the codec lines of one raw file: its only source.
type Table struct {
	Modules []Module // in the raw file's order
}

// A Module is one codec module and the configurations of the raw file that use it.
type Module struct {
	Path    string // the module path, or StdJSON for the standard library
	Configs []rawfmt.CodecConfig
}

// Label names the module and its configurations: "github.com/goccy/go-json (goccy)".
func (m Module) Label() string {
	names := make([]string, len(m.Configs))
	for i, c := range m.Configs {
		names[i] = c.Name
	}
	return m.Path + " (" + strings.Join(names, ", ") + ")"
}

// NewTable builds the table of the codec configurations of a raw file.
func NewTable(codecs []rawfmt.CodecConfig) Table {
	var t Table
	for _, c := range codecs {
		path, _, _ := strings.Cut(c.ModuleVersion, "@")
		if path == StdModule {
			path = StdJSON
		}
		if i := slices.IndexFunc(t.Modules, func(m Module) bool { return m.Path == path }); i >= 0 {
			t.Modules[i].Configs = append(t.Modules[i].Configs, c)
		} else {
			t.Modules = append(t.Modules, Module{Path: path, Configs: []rawfmt.CodecConfig{c}})
		}
	}
	return t
}

// module returns the index of the module that holds package pkg, the longest path matching; -1 for none.
func (t Table) module(pkg string) int {
	best := -1
	for i, m := range t.Modules {
		if under(pkg, m.Path) && (best < 0 || len(m.Path) > len(t.Modules[best].Path)) {
			best = i
		}
	}
	return best
}

// A Breakdown is a profile's CPU, in its sample value's unit (nanoseconds for a Go CPU profile), by class,
// by codec module and by the call sites that spend the JSON work.
type Breakdown struct {
	Unit   string
	Period float64 // the value of one sample: the profile's period, 0 when it has none
	Total  float64
	Class  [NumClasses]float64
	Body   float64      // of every class, the CPU in reading HTTP bodies (see bodyRead)
	Codecs []CodecShare // the modules with samples, most first
	Engine string       // encoding/json's engine, as its frames tell: EngineV1, EngineV2 or "" (see engineOf)
}

// Samples is how many samples the total holds, 0 when the profile states no period.
func (b Breakdown) Samples() float64 {
	if b.Period <= 0 {
		return 0
	}
	return math.Round(b.Total / b.Period)
}

// Share is the fraction of the total in classes, the sum of each one's.
func (b Breakdown) Share(classes ...Class) float64 {
	s := 0.0
	for _, c := range classes {
		s += b.Class[c] / b.Total
	}
	return s
}

// JSON is the CPU in JSON decode and encode.
func (b Breakdown) JSON() float64 { return b.Class[Decode] + b.Class[Encode] }

// A CodecShare is one codec module's JSON work.
type CodecShare struct {
	Module
	Config         rawfmt.CodecConfig // the configuration its entry packages point to (see configFor)
	Decode, Encode float64
	Sites          []Site // most first
}

// A Site is a function of the profiled program that calls into a codec: the first frame above the
// codec's outermost frame that is neither a codec's nor the runtime's.
type Site struct {
	Func           string
	Decode, Encode float64
}

// Attribute walks the stacks of p's samples that keep accepts (all when keep is nil) and sums their
// CPU value (ValueIndex) by class, codec module and call site.
func (t Table) Attribute(p *profile.Profile, keep func(*profile.Sample) bool) Breakdown {
	vi := ValueIndex(p)
	b := Breakdown{Unit: p.SampleType[vi].Unit}
	if p.PeriodType != nil && p.PeriodType.Type == p.SampleType[vi].Type {
		b.Period = float64(p.Period)
	}
	codecs := map[int]*CodecShare{}
	for _, s := range p.Sample {
		if keep != nil && !keep(s) {
			continue
		}
		v := float64(s.Value[vi])
		b.Total += v
		fns := Frames(s)
		st := t.classify(fns)
		b.Class[st.class] += v
		if slices.ContainsFunc(fns, func(fn string) bool { return slices.Contains(bodyRead, fn) }) {
			b.Body += v
		}
		b.Engine = cmp.Or(b.Engine, engineOf(fns))
		if st.class != Decode && st.class != Encode {
			continue
		}
		cs := codecs[st.module]
		if cs == nil {
			m := t.Modules[st.module]
			cs = &CodecShare{Module: m, Config: configFor(m, st.entryPkg)}
			codecs[st.module] = cs
		}
		i := slices.IndexFunc(cs.Sites, func(s Site) bool { return s.Func == st.site })
		if i < 0 {
			i = len(cs.Sites)
			cs.Sites = append(cs.Sites, Site{Func: st.site})
		}
		site := &cs.Sites[i]
		if st.class == Decode {
			cs.Decode, site.Decode = cs.Decode+v, site.Decode+v
		} else {
			cs.Encode, site.Encode = cs.Encode+v, site.Encode+v
		}
	}
	for _, cs := range codecs {
		slices.SortFunc(cs.Sites, func(a, b Site) int {
			return cmp.Or(cmp.Compare(b.Decode+b.Encode, a.Decode+a.Encode), strings.Compare(a.Func, b.Func))
		})
		b.Codecs = append(b.Codecs, *cs)
	}
	slices.SortFunc(b.Codecs, func(x, y CodecShare) int {
		return cmp.Or(cmp.Compare(y.Decode+y.Encode, x.Decode+x.Encode), strings.Compare(x.Path, y.Path))
	})
	return b
}

// engineOf is the engine of encoding/json a stack shows: EngineV1 for a frame of its v1
// engine's decodeState, encodeState or scanner, EngineV2 for a frame of encoding/json/v2 or
// jsontext, which encoding/json calls on the v2 engine (Go 1.27's default); "" for neither.
func engineOf(fns []string) string {
	for _, fn := range fns {
		recv, _, _ := strings.Cut(funcName(fn), ".")
		switch pkg := packagePath(fn); {
		case pkg == StdJSON && slices.Contains([]string{"(*decodeState)", "(*encodeState)", "(*scanner)"}, recv):
			return EngineV1
		case under(pkg, StdJSON+"/v2", StdJSON+"/jsontext"):
			return EngineV2
		}
	}
	return ""
}

// configFor is the configuration of m that code entering it at package entry runs: for the standard
// library, encoding/json/v2 and jsontext point to its v2-category configuration, encoding/json to its
// std one; for any module, else, the first std-category configuration, else the first.
func configFor(m Module, entry string) rawfmt.CodecConfig {
	want := rawfmt.CategoryStd
	if m.Path == StdJSON && entry != StdJSON {
		want = "v2"
	}
	if i := slices.IndexFunc(m.Configs, func(c rawfmt.CodecConfig) bool { return c.Category == want }); i >= 0 {
		return m.Configs[i]
	}
	return m.Configs[0]
}

// ClassOf is the class of one sample.
func (t Table) ClassOf(s *profile.Sample) Class { return t.classify(Frames(s)).class }

// Frames are a sample's function names, leaf first, inlined frames included.
func Frames(s *profile.Sample) []string {
	var out []string
	for _, loc := range s.Location {
		for _, l := range loc.Line { // innermost first
			if l.Function != nil {
				out = append(out, l.Function.Name)
			}
		}
	}
	return out
}

// ValueIndex is the index of p's CPU time value (cpu/nanoseconds), else of a heap profile's bytes
// allocated (AllocSpace), else of its last sample type.
func ValueIndex(p *profile.Profile) int {
	for _, typ := range []string{"cpu", AllocSpace} {
		if i := typeIndex(p, typ); i >= 0 {
			return i
		}
	}
	return len(p.SampleType) - 1
}
