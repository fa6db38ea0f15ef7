package cpuprofile

import (
	"bufio"
	"cmp"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// A Candidate is a run a prediction may take its measurements from, as its raw file's header describes
// it: a full run, or one build of an upgrade run.
type Candidate struct {
	Raw     load.Raw
	Machine string // the id of the machine folder it is under
	Build   string // the build of an upgrade run; "" for a full run
	Go      string
	Engine  string // encoding/json's engine (EngineV1, EngineV2)
	Gen     bool   // its header records the CPU generation (rawfmt.KeyGeneration)
	Paired  bool   // the paired meter timed it
}

// Candidates lists the full runs and the builds of the upgrade runs of every machine under results.
func Candidates(results string) ([]Candidate, error) {
	ms, err := load.Machines(results)
	if err != nil {
		return nil, err
	}
	var out []Candidate
	for _, m := range ms {
		for _, raw := range m.Raws {
			if raw.Name.Kind == rawfmt.KindFull || raw.Name.Kind == rawfmt.KindUpgrade {
				cs, err := CandidatesOf(raw, m.ID)
				if err != nil {
					return nil, err
				}
				out = append(out, cs...)
			}
		}
	}
	return out, nil
}

// CandidatesOf describes raw, a raw file of machine, by its header: one Candidate, or one per build
// of an upgrade run.
func CandidatesOf(raw load.Raw, machine string) ([]Candidate, error) {
	h, err := header(raw.Path)
	if err != nil {
		return nil, err
	}
	c := Candidate{Raw: raw, Machine: machine, Go: h[rawfmt.KeyGo], Gen: h[rawfmt.KeyGeneration] != "", Paired: h[rawfmt.KeyMeter] == rawfmt.MeterPaired}
	builds := strings.Fields(h[rawfmt.KeyBuilds])
	if len(builds) == 0 {
		c.Engine = HeaderEngine(func(key string) string { return h[key] })
		return []Candidate{c}, nil
	}
	var out []Candidate
	for _, b := range builds {
		kv := map[string]string{}
		for _, f := range strings.Fields(h[rawfmt.KeyBuildPrefix+b]) {
			k, v, _ := strings.Cut(f, "=")
			kv[k] = v
		}
		bc := c
		bc.Build, bc.Go = b, kv[rawfmt.KeyGo]
		bc.Engine = engine(bc.Go, kv[rawfmt.KeyGOEXPERIMENT], kv[rawfmt.KeyStdEngine])
		out = append(out, bc)
	}
	return out, nil
}

// HeaderEngine is encoding/json's engine as the header of a raw file without builds tells it (value
// looks a key up): the engine of its base's codec line, <module>@<version> <category> <engine>, else
// what its Go version and GOEXPERIMENT imply (engine).
func HeaderEngine(value func(key string) string) string {
	f := append(strings.Fields(value(rawfmt.KeyCodecPrefix+rawfmt.Base)), "", "", "")
	return engine(value(rawfmt.KeyGo), value(rawfmt.KeyGOEXPERIMENT), f[2])
}

// engine is encoding/json's engine as a header records it, or where it records none (runs before it
// did), as the Go version and GOEXPERIMENT imply: the v2 engine from Go 1.27 on, unless nojsonv2.
func engine(goVersion, experiment, recorded string) string {
	if recorded == EngineV1 || recorded == EngineV2 {
		return recorded
	}
	if goVersion < "go1.27" || strings.Contains(experiment, "nojsonv2") {
		return EngineV1
	}
	return EngineV2
}

// header reads the configuration lines of a raw file up to its first result.
func header(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading a run's header: %w", err)
	}
	defer f.Close()
	h := map[string]string{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() && !strings.HasPrefix(sc.Text(), "Benchmark") {
		if k, v, ok := strings.Cut(sc.Text(), ": "); ok {
			h[k] = strings.TrimSpace(v)
		}
	}
	return h, sc.Err()
}

// Older reports whether c is of an older folder of machine's CPU model: one
// of its CPU model name, named before machine ids told generations apart.
func (c Candidate) Older(machine string) bool {
	return c.Machine != machine && !c.Gen && strings.HasPrefix(machine, c.Machine+"-")
}

// Choose is the reference of a program whose encoding/json runs engine on machine: of cands that keep
// accepts, the first whose run, loaded through cache (which may be nil), fits (has the cells to scale
// by). It tries those of the same engine first, then those of machine, then those of its CPU model name
// of no recorded generation (an older folder of it), then those of the paired meter, then the newest.
// It is nil for none.
func Choose(cands []Candidate, machine, engine string, cache *load.Cache, keep func(Candidate) bool, fits func(*load.Run) bool) (*Reference, error) {
	score := func(c Candidate) int {
		s := 0
		if c.Engine == engine || engine == "" {
			s += 8
		}
		switch {
		case c.Machine == machine:
			s += 4
		case c.Older(machine):
			s += 2
		}
		if c.Paired {
			s++
		}
		return s
	}
	slices.SortStableFunc(cands, func(a, b Candidate) int {
		return cmp.Or(cmp.Compare(score(b), score(a)), b.Raw.Name.Stamp.Compare(a.Raw.Name.Stamp))
	})
	for _, c := range cands {
		if !keep(c) {
			continue
		}
		r, err := c.Load(cache)
		if err != nil {
			return nil, err
		}
		if fits(r) {
			return Refer(c, r, machine, engine), nil
		}
	}
	return nil, nil
}

// HasBase reports whether r has the base configuration's decode-struct cells of document decode and
// encode-struct cells of document encode, which a prediction scales by.
func HasBase(r *load.Run, decode, encode string) bool {
	return model.Ns(r, rawfmt.OpDecodeStruct, decode, rawfmt.Base).Known() && model.Ns(r, rawfmt.OpEncodeStruct, encode, rawfmt.Base).Known()
}

// Load loads c's run, through cache (which may be nil): its build's, for an upgrade run.
func (c Candidate) Load(cache *load.Cache) (*load.Run, error) {
	r, err := cache.Load(c.Raw)
	if err != nil || c.Build == "" {
		return r, err
	}
	if i := slices.IndexFunc(r.Builds, func(b *load.Run) bool { return b.Build == c.Build }); i >= 0 {
		return r.Builds[i], nil
	}
	return nil, fmt.Errorf("%s: no results of build %s", c.Raw.File, c.Build)
}

// A Reference is the run a prediction takes its measurements from, and what it falls short of.
type Reference struct {
	Candidate
	Run *load.Run
	// Notes say, one sentence each, why its figures may not be the program's: another engine, another
	// machine, the older meter, too imprecise to rank.
	Notes []string
	// Absolute reports whether its ns/op may stand for this machine's: a run of this machine's CPU
	// generation, by the paired meter, precise enough to rank.
	Absolute bool
}

// Refer describes run r of candidate c as the reference of a program whose encoding/json runs engine
// ("" when it does not use it) on machine.
func Refer(c Candidate, r *load.Run, machine, engine string) *Reference {
	ref := &Reference{Candidate: c, Run: r}
	name := "`" + c.Raw.File + "`"
	if c.Build != "" {
		name += " (build " + c.Build + ")"
	}
	ranks := model.RunVerdict(r).Ranks()
	if engine != "" && c.Engine != engine {
		ref.Notes = append(ref.Notes, fmt.Sprintf("The program runs encoding/json on its %s, but %s measured the %s (%s): no run of the %s is at hand, so its encoding/json ratios are another engine's.",
			EngineName(engine), name, EngineName(c.Engine), c.Go, EngineName(engine)))
	}
	switch {
	case c.Older(machine):
		ref.Notes = append(ref.Notes, fmt.Sprintf("%s is of machine %s, named before machine ids told CPU generations apart: it may be of another generation than this one's (%s).", name, c.Machine, machine))
	case c.Machine != machine:
		ref.Notes = append(ref.Notes, fmt.Sprintf("%s was measured on machine %s, not %s.", name, c.Machine, machine))
	case !c.Gen:
		ref.Notes = append(ref.Notes, fmt.Sprintf("%s records no CPU generation, so it may be of another generation of the same CPU model name.", name))
	}
	if !c.Paired {
		ref.Notes = append(ref.Notes, fmt.Sprintf("%s was timed by the older meter, with GC running inside its cells and no collection timed on its own.", name))
	}
	if !ranks {
		ref.Notes = append(ref.Notes, fmt.Sprintf("%s is too imprecise to rank configurations: its ns/op are no absolute figures.", name))
	}
	ref.Absolute = c.Machine == machine && c.Gen && c.Paired && ranks
	return ref
}

// EngineName names an engine in prose: "v1 engine".
func EngineName(e string) string {
	return map[string]string{EngineV1: "v1 engine", EngineV2: "v2 engine"}[e]
}
