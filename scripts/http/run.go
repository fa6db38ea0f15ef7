package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/httpbench/api"
	"github.com/jsoncost/jsoncost/internal/httpbench/backend"
	"github.com/jsoncost/jsoncost/internal/httpbench/httppage"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// run measures every cell in o.rounds rounds, writes the raw file and prints the
// page. Nothing is written unless every cell of every round was measured, the
// loopback backend saw what each scenario asks for, and its response bytes pass
// httppage.CheckResponses.
func run(ctx context.Context, o options, stdout, stderr io.Writer) error {
	names := slices.Clone(httpbench.DefaultCodecs)
	if o.codecs != "" {
		sel, err := codecs.All().Select(o.codecs)
		if err != nil {
			return err
		}
		for _, c := range sel {
			if !slices.Contains(names, c.Name) {
				names = append(names, c.Name)
			}
		}
	}
	cs := make([]*codecs.Codec, len(names))
	for i, n := range names {
		c, err := api.Codec(n)
		if err != nil {
			return err
		}
		cs[i] = c
	}
	m := &meter{o: o, client: &http.Client{Timeout: 10 * time.Second}, profiles: httpbench.ProfileSet{}}
	for _, s := range httpbench.Scenarios(names, o.workers) {
		for _, l := range []rawfmt.HTTPLoad{{Workers: o.workers}, {Workers: o.workers, Rate: o.rate}} {
			m.cells = append(m.cells, rawfmt.HTTPCell{Scenario: s, Load: l})
		}
	}
	for m.o.seed == 0 {
		m.o.seed = rand.Uint64()
	}
	name := rawfmt.NewRawName(time.Now(), rawfmt.MatrixKind(o.quick, o.es != "" || o.codecs != "")).String()

	host, version := "loopback", "jsoncost loopback stand-in"
	if o.es == "" {
		b, err := startChild(ctx, roleBackend, o.index)
		if err != nil {
			return err
		}
		defer b.stop()
		m.backend, m.backendURL = b, b.url
		fmt.Fprintf(stderr, "backend: %s at %s\n", version, b.url)
	} else {
		cl := backend.Cluster{URL: o.es, Index: o.index, Client: m.client}
		var err error
		if version, err = cl.Check(ctx, slices.Max(httpbench.Hits)); err != nil {
			return err
		}
		host, m.backendURL = cl.Host(), o.es
		fmt.Fprintf(stderr, "backend: %s at %s, index %s\n", version, host, o.index) // the URL may hold credentials
	}
	id := runinfo.MachineID()
	mode := runinfo.Lines(rawfmt.KeyRounds, strconv.Itoa(o.rounds), rawfmt.KeyOrderSeed, strconv.FormatUint(m.o.seed, 10),
		rawfmt.KeyWorkers, strconv.Itoa(o.workers), rawfmt.KeyRate, strconv.Itoa(o.rate),
		rawfmt.KeyDuration, o.duration.String(), rawfmt.KeyWarmup, o.warmup.String(),
		rawfmt.KeyMaxRequests, strconv.Itoa(o.requests), rawfmt.KeyProfileHz, strconv.Itoa(httpbench.ProfileHz), rawfmt.KeyBackend, host,
		rawfmt.KeyBackendVersion, version, rawfmt.KeyIndex, o.index)
	// The API servers are children of this binary: its own lines are theirs.
	m.config = runinfo.Header{Command: runinfo.CommandLine("./scripts/http"), Machine: id,
		GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, Mode: mode, Self: codecs.ConfigLines(cs)}.Config()

	var raw bytes.Buffer
	if err := runner.Rounds(ctx, m, o.rounds, len(m.cells), &raw, stderr); err != nil {
		return err
	}
	if m.backend != nil {
		if err := m.backend.stop(); err != nil {
			return err
		}
	}
	r, err := httppage.Read(name, raw.Bytes())
	if err == nil {
		err = httppage.CheckResponses(r)
	}
	if err != nil {
		return fmt.Errorf("%w; nothing written", err)
	}
	rawDir := filepath.Join(o.results, id, "http", "raw")
	profiles := filepath.Join(rawDir, httpbench.ProfileDir(name))
	if err := m.profiles.Write(profiles); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %d CPU profiles under %s\n", len(m.profiles), profiles)
	if err := runner.WriteRaw(filepath.Join(rawDir, name), false, stderr, func(w io.Writer) error {
		_, err := w.Write(raw.Bytes())
		return err
	}); err != nil {
		return err
	}
	if err := httppage.ReadBeside(r, rawDir, nil); err != nil {
		return err
	}
	page, err := httppage.Page(r, id, false)
	if err == nil {
		_, err = stdout.Write(page)
	}
	return err
}

// A meter is the HTTP meter of runner.Rounds: a round measures every cell once,
// in the order of the seed and the round.
type meter struct {
	o          options
	cells      []rawfmt.HTTPCell
	backend    *child // the loopback backend; nil for a cluster
	backendURL string
	client     *http.Client // reads the servers' stats
	config     []benchfmt.Config
	w          *benchfmt.Writer
	profiles   httpbench.ProfileSet // the API server's CPU profile of every cell and round
}

func (m *meter) Round(ctx context.Context, round int, out io.Writer, p *runner.Progress) error {
	if m.w == nil {
		m.w = benchfmt.NewWriter(out) // on the first round's out, so that the configuration is written once
	}
	cells := slices.Clone(m.cells)
	runner.Shuffle(cells, m.o.seed, "round", round)
	for _, c := range cells {
		res, prof, err := m.measure(ctx, c)
		if err == nil {
			err = m.profiles.Add(c, round, prof)
		}
		if err != nil {
			return fmt.Errorf("scenario %s at %s: %w", c.Scenario.Name, c.Load, err)
		}
		if err := m.w.Write(res); err != nil {
			return err
		}
		p.Cell(c.Scenario.Name + " at " + c.Load.String())
	}
	return nil
}

// measure starts the API server of c's scenario, warms it up with c's load and
// measures it under the same load, returning its result line and the API
// server's CPU profile of the measured load.
func (m *meter) measure(ctx context.Context, c rawfmt.HTTPCell) (_ *benchfmt.Result, prof []byte, err error) {
	cfg, err := json.Marshal(api.Config{Backend: m.backendURL, Index: m.o.index, Scenario: c.Scenario})
	if err != nil {
		return nil, nil, err
	}
	a, err := startChild(ctx, roleAPI, string(cfg))
	if err != nil {
		return nil, nil, err
	}
	defer a.stop()
	spec := loadSpec{Target: a.url + api.SearchPath, Workers: c.Load.Workers, Rate: c.Load.Rate, Requests: m.o.requests}
	var res loadResult
	var stats [2][2]httpbench.Stats // after the warm-up and after the measured load: the API server's, the backend's
	for i, d := range []time.Duration{m.o.warmup, m.o.duration} {
		spec.Duration = d
		if res, err = attack(ctx, spec); err != nil && i == 0 {
			return nil, nil, cmp.Or(a.stop(), fmt.Errorf("warm-up: %w", err)) // a server that failed to start says why
		}
		if err == nil {
			stats[i], err = m.stats(ctx, a)
		}
		if err == nil { // the profile covers the measured load
			prof, err = httpbench.Profile(ctx, m.client, a.url, i == 0)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	if err := a.stop(); err != nil {
		return nil, nil, err
	}
	d, back := stats[1][0].Sub(stats[0][0]), stats[1][1].Sub(stats[0][1])
	if d.Requests != uint64(res.Requests) {
		return nil, nil, fmt.Errorf("the API server counted %d requests, the load generator %d", d.Requests, res.Requests)
	}
	if m.backend != nil {
		if err := checkBackend(c.Scenario, d.Requests, back, d); err != nil {
			return nil, nil, err
		}
	}
	return &benchfmt.Result{Config: m.config, Name: c.Name(), Iters: res.Requests, Values: figures(res, d, back, m.backend != nil)}, prof, nil
}

// figures are the values of a cell's result line: the req/s and latency
// percentiles the load generator saw, then the growth of the API server's
// counters over the measured load, apiServer, per request, with the backend's
// CPU time (from back) where the backend is the loopback one.
func figures(res loadResult, apiServer, back httpbench.Stats, loopback bool) []benchfmt.Value {
	n := float64(res.Requests)
	per := func(v float64, unit string) benchfmt.Value { return benchfmt.Value{Value: v / n, Unit: unit} }
	values := []benchfmt.Value{
		{Value: res.Throughput(), Unit: rawfmt.UnitReqs},
		{Value: float64(res.Quantile(0.50)), Unit: rawfmt.UnitP50},
		{Value: float64(res.Quantile(0.90)), Unit: rawfmt.UnitP90},
		{Value: float64(res.Quantile(0.99)), Unit: rawfmt.UnitP99},
		{Value: float64(res.Quantile(0.999)), Unit: rawfmt.UnitP999},
		per(float64(apiServer.CPU), rawfmt.UnitAPICPU),
	}
	if loopback {
		values = append(values, per(float64(back.CPU), rawfmt.UnitBackendCPU))
	}
	return append(values, per(float64(apiServer.AllocBytes), rawfmt.UnitBReq), per(float64(apiServer.AllocObjects), rawfmt.UnitAllocsReq),
		per(float64(apiServer.Conns), rawfmt.UnitConns), per(float64(apiServer.Bytes), rawfmt.UnitBackendB))
}

// stats reads the API server's stats and the loopback backend's (none of a cluster).
func (m *meter) stats(ctx context.Context, a *child) (s [2]httpbench.Stats, err error) {
	if s[0], err = httpbench.FetchStats(ctx, m.client, a.url); err != nil {
		return s, fmt.Errorf("API server: %w", err)
	}
	if m.backend != nil {
		if s[1], err = httpbench.FetchStats(ctx, m.client, m.backendURL); err != nil {
			return s, fmt.Errorf("backend: %w", err)
		}
	}
	return s, nil
}

// checkBackend checks what the loopback backend saw of a cell's n measured
// requests, given its stats' growth and the API server's: one search per
// request, each naming the scenario's _source_includes, every byte read.
func checkBackend(s rawfmt.Scenario, n uint64, backend, apiServer httpbench.Stats) error {
	want, err := httpbench.Includes(s)
	if err != nil {
		return err
	}
	if backend.Requests != n || backend.Includes[want] != n {
		var got []string
		for _, k := range slices.Sorted(maps.Keys(backend.Includes)) {
			got = append(got, fmt.Sprintf("%d searches with %s", backend.Includes[k], includesLabel(k)))
		}
		return fmt.Errorf("the backend received %s for %d requests; want %s in each", cmp.Or(strings.Join(got, " and "), "no search"), n, includesLabel(want))
	}
	if backend.Bytes != apiServer.Bytes {
		return fmt.Errorf("the backend sent %d bytes of search responses, the API server read %d", backend.Bytes, apiServer.Bytes)
	}
	return nil
}

func includesLabel(includes string) string {
	if includes == "" {
		return "no _source_includes"
	}
	return "_source_includes=" + includes
}
