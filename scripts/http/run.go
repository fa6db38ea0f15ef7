package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"runtime"
	"slices"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/httpbench/api"
	"github.com/jsoncost/jsoncost/internal/httpbench/backend"
	"github.com/jsoncost/jsoncost/internal/httpbench/httppage"
	"github.com/jsoncost/jsoncost/internal/httpbench/vegetaload"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// run measures every cell in o.rounds rounds, writes the raw file and
// rebuilds the report. Nothing is written unless every cell of every round
// was measured, the loopback backend saw what each scenario asks for, and
// the backend's response bytes pass httppage.CheckResponses.
func run(ctx context.Context, o options, stdout, stderr io.Writer) error {
	names, err := codecNames(o.codecs)
	if err != nil {
		return err
	}
	var cells []httpbench.Cell
	for _, s := range httpbench.Scenarios(names, o.workers) {
		for _, l := range loads(o) {
			cells = append(cells, httpbench.Cell{Scenario: s, Load: l})
		}
	}
	for o.seed == 0 {
		o.seed = rand.Uint64()
	}
	name := rawfmt.NewRawName(time.Now(), rawfmt.MatrixKind(o.quick, o.es != "" || o.codecs != ""))

	b, err := startBackend(ctx, o)
	if err != nil {
		return err
	}
	defer b.stop()
	if b.child != nil {
		fmt.Fprintf(stderr, "backend: %s at %s\n", b.version, b.url)
		if o.verbose {
			fmt.Fprintf(stderr, "started %s, pid %d\n", roleBackend, b.child.cmd.Process.Pid)
		}
	} else {
		fmt.Fprintf(stderr, "backend: %s at %s, index %s\n", b.version, b.host, o.index) // the URL may hold credentials
	}
	id := rawfmt.MachineID(runtime.GOOS, runtime.GOARCH, cpuName())
	cfg, err := config(o, id, b, names)
	if err != nil {
		return err
	}
	m := &meter{o: o, cells: cells, backend: b, client: &http.Client{Timeout: 10 * time.Second}, config: cfg, stderr: stderr}

	var raw bytes.Buffer
	if err := runner.Rounds(ctx, m, o.rounds, len(cells), &raw, stderr); err != nil {
		return err
	}
	if err := b.stop(); err != nil {
		return err
	}
	r, err := httppage.Parse(name.String(), raw.Bytes())
	if err == nil {
		err = httppage.CheckResponses(r)
	}
	if err != nil {
		return fmt.Errorf("%w; nothing written", err)
	}
	path := filepath.Join(o.results, id, "http", "raw", name.String())
	err = runner.WriteRaw(path, false, stderr, func(w io.Writer) error {
		_, err := w.Write(raw.Bytes())
		return err
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s\n", path)
	return reportRun(o.results, id, path, stdout)
}

// codecNames are the default codecs and those extra selects, each of which
// must decode and encode structs.
func codecNames(extra string) ([]string, error) {
	names := slices.Clone(httpbench.DefaultCodecs)
	if extra == "" {
		return names, nil
	}
	sel, err := codecs.Select(extra)
	if err != nil {
		return nil, err
	}
	for _, c := range sel {
		if !c.Supports(codecs.DecodeStruct) || !c.Supports(codecs.EncodeStruct) {
			return nil, fmt.Errorf("codec %s cannot decode and encode structs, as the API server does", c.Name)
		}
		if !slices.Contains(names, c.Name) {
			names = append(names, c.Name)
		}
	}
	return names, nil
}

// loads are the fixed-concurrency and the fixed-rate load.
func loads(o options) []httpbench.Load {
	return []httpbench.Load{{Workers: o.workers}, {Workers: o.workers, Rate: o.rate}}
}

// Round measures every cell once, in the order of the seed and the round.
func (m *meter) Round(ctx context.Context, round int, out io.Writer, p *runner.Progress) error {
	if m.w == nil {
		m.w = benchfmt.NewWriter(out) // on the first round's out, so that the configuration is written once
	}
	for _, c := range shuffled(m.cells, m.o.seed, round) {
		res, err := m.measure(ctx, c)
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

// shuffled returns the cells in the order of seed and round.
func shuffled(cells []httpbench.Cell, seed uint64, round int) []httpbench.Cell {
	out := slices.Clone(cells)
	rng := rand.New(rand.NewPCG(seed, uint64(round)))
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// A searchBackend is what the API servers query.
type searchBackend struct {
	url     string // base URL
	host    string // "loopback", or the cluster's host
	version string
	child   *child // the loopback backend's process; nil for a cluster
}

// startBackend starts the loopback backend, or checks that the cluster of
// o.es can serve the scenarios.
func startBackend(ctx context.Context, o options) (*searchBackend, error) {
	if o.es == "" {
		c, err := startChild(ctx, roleBackend, "-addr", o.backendAddr, "-index", o.index)
		if err != nil {
			return nil, err
		}
		return &searchBackend{url: c.url, host: "loopback", version: "jsoncost loopback stand-in", child: c}, nil
	}
	cl := backend.Cluster{URL: o.es, Index: o.index, Client: &http.Client{Timeout: 10 * time.Second}}
	version, err := cl.Check(ctx, slices.Max(httpbench.Hits))
	if err != nil {
		return nil, err
	}
	return &searchBackend{url: o.es, host: cl.Host(), version: version}, nil
}

// stop stops the loopback backend; later calls do nothing.
func (b *searchBackend) stop() error {
	if b.child == nil {
		return nil
	}
	c := b.child
	b.child = nil
	return c.stop()
}

// A meter is the HTTP meter of runner.Rounds: a round measures every cell
// once, in a shuffled order.
type meter struct {
	o       options
	cells   []httpbench.Cell
	backend *searchBackend
	client  *http.Client // reads the servers' stats
	config  []benchfmt.Config
	w       *benchfmt.Writer
	stderr  io.Writer // for -v
}

// measure starts the API server of c's scenario, warms it up with c's
// load, and measures it under the same load.
func (m *meter) measure(ctx context.Context, c httpbench.Cell) (*benchfmt.Result, error) {
	a, err := startChild(ctx, roleAPI, serverArgs(m.o.apiAddr, m.backend.url, m.o.index, c.Scenario)...)
	if err != nil {
		return nil, err
	}
	defer a.stop()
	if m.o.verbose {
		fmt.Fprintf(m.stderr, "started %s, pid %d, for %s at %s\n", roleAPI, a.cmd.Process.Pid, c.Scenario.Name, c.Load)
	}
	spec := vegetaload.Spec{Target: a.url + api.SearchPath, Workers: c.Load.Workers, Rate: c.Load.Rate, Duration: m.o.warmup, Requests: m.o.requests}
	if _, err := attack(ctx, spec); err != nil {
		return nil, fmt.Errorf("warm-up: %w", err)
	}
	apiBefore, backBefore, err := m.stats(ctx, a)
	if err != nil {
		return nil, err
	}
	spec.Duration = m.o.duration
	res, err := attack(ctx, spec)
	if err != nil {
		return nil, err
	}
	apiAfter, backAfter, err := m.stats(ctx, a)
	if err != nil {
		return nil, err
	}
	if err := a.stop(); err != nil {
		return nil, err
	}
	d := apiAfter.Sub(apiBefore)
	if d.Requests != uint64(res.Requests) {
		return nil, fmt.Errorf("the API server counted %d requests, the load generator %d", d.Requests, res.Requests)
	}
	if m.backend.child != nil {
		if err := checkBackend(c.Scenario, d.Requests, backAfter.Sub(backBefore), d); err != nil {
			return nil, err
		}
	}
	n := float64(res.Requests)
	values := []benchfmt.Value{
		{Value: res.Throughput(), Unit: httpbench.UnitReqs},
		{Value: float64(res.Quantile(0.50)), Unit: httpbench.UnitP50},
		{Value: float64(res.Quantile(0.90)), Unit: httpbench.UnitP90},
		{Value: float64(res.Quantile(0.99)), Unit: httpbench.UnitP99},
		{Value: float64(res.Quantile(0.999)), Unit: httpbench.UnitP999},
		{Value: float64(d.CPU) / n, Unit: httpbench.UnitAPICPU},
	}
	if m.backend.child != nil {
		values = append(values, benchfmt.Value{Value: float64(backAfter.Sub(backBefore).CPU) / n, Unit: httpbench.UnitBackendCPU})
	}
	values = append(values,
		benchfmt.Value{Value: float64(d.AllocBytes) / n, Unit: httpbench.UnitB},
		benchfmt.Value{Value: float64(d.AllocObjects) / n, Unit: httpbench.UnitAllocs},
		benchfmt.Value{Value: float64(d.Conns) / n, Unit: httpbench.UnitConns},
		benchfmt.Value{Value: float64(d.Bytes) / n, Unit: httpbench.UnitBackendB},
	)
	return &benchfmt.Result{
		Config: m.config,
		Name:   c.Name(),
		Iters:  res.Requests,
		Values: values,
	}, nil
}

// stats reads the API server's stats and the loopback backend's.
func (m *meter) stats(ctx context.Context, a *child) (apiStats, backendStats httpbench.Stats, err error) {
	if apiStats, err = httpbench.FetchStats(ctx, m.client, a.url); err != nil {
		return apiStats, backendStats, fmt.Errorf("API server: %w", err)
	}
	if m.backend.child != nil {
		if backendStats, err = httpbench.FetchStats(ctx, m.client, m.backend.url); err != nil {
			return apiStats, backendStats, fmt.Errorf("backend: %w", err)
		}
	}
	return apiStats, backendStats, nil
}

// attack runs spec and fails unless every request succeeded.
func attack(ctx context.Context, spec vegetaload.Spec) (vegetaload.Result, error) {
	r, err := vegetaload.Run(ctx, spec)
	switch {
	case err != nil:
		return r, err
	case r.Requests == 0:
		return r, errors.New("no request completed")
	case r.Failed > 0:
		return r, fmt.Errorf("%d of %d requests failed, the first with: %s", r.Failed, r.Requests, r.FirstErr)
	}
	return r, nil
}
