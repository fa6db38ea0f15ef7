package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/httpbench/backend"
	"github.com/jsoncost/jsoncost/internal/httpbench/httppage"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// run measures every cell in o.rounds rounds, writes the raw file and
// rebuilds the report. Nothing is written unless every cell of every round
// was measured, the loopback backend saw what each scenario asks for, and
// the backend's response bytes pass httppage.CheckResponses.
func run(ctx context.Context, o options, stdout, stderr io.Writer) error {
	names := slices.Clone(httpbench.DefaultCodecs)
	if o.codecs != "" {
		sel, err := codecs.Select(o.codecs)
		if err != nil {
			return err
		}
		for _, c := range sel {
			if !c.Supports(codecs.DecodeStruct) || !c.Supports(codecs.EncodeStruct) {
				return fmt.Errorf("codec %s cannot decode and encode structs, as the API server does", c.Name)
			}
			if !slices.Contains(names, c.Name) {
				names = append(names, c.Name)
			}
		}
	}
	var cs []*codecs.Codec
	for _, n := range names {
		c, err := codecs.Lookup(n)
		if err != nil {
			return err
		}
		cs = append(cs, c)
	}
	m := &meter{o: o, client: &http.Client{Timeout: 10 * time.Second}, stderr: stderr}
	for _, s := range httpbench.Scenarios(names, o.workers) {
		for _, l := range []httpbench.Load{{Workers: o.workers}, {Workers: o.workers, Rate: o.rate}} {
			m.cells = append(m.cells, httpbench.Cell{Scenario: s, Load: l})
		}
	}
	for m.o.seed == 0 {
		m.o.seed = rand.Uint64()
	}
	name := rawfmt.NewRawName(time.Now(), rawfmt.MatrixKind(o.quick, o.es != "" || o.codecs != "")).String()

	host, version := "loopback", "jsoncost loopback stand-in"
	if o.es == "" {
		b, err := startChild(ctx, roleBackend, o.backendAddr, o.index)
		if err != nil {
			return err
		}
		defer b.stop()
		m.backend, m.backendURL = b, b.url
		fmt.Fprintf(stderr, "backend: %s at %s\n", version, b.url)
		if o.verbose {
			fmt.Fprintf(stderr, "started %s, pid %d\n", roleBackend, b.cmd.Process.Pid)
		}
	} else {
		cl := backend.Cluster{URL: o.es, Index: o.index, Client: m.client}
		var err error
		if version, err = cl.Check(ctx, slices.Max(httpbench.Hits)); err != nil {
			return err
		}
		host, m.backendURL = cl.Host(), o.es
		fmt.Fprintf(stderr, "backend: %s at %s, index %s\n", version, host, o.index) // the URL may hold credentials
	}
	cpu := runinfo.CPU()
	id := rawfmt.MachineID(runtime.GOOS, runtime.GOARCH, cpu)
	mode := []benchfmt.Config{}
	for _, kv := range [][2]string{
		{rawfmt.KeyRounds, strconv.Itoa(o.rounds)}, {rawfmt.KeyOrderSeed, strconv.FormatUint(m.o.seed, 10)},
		{httpbench.KeyWorkers, strconv.Itoa(o.workers)}, {httpbench.KeyRate, strconv.Itoa(o.rate)},
		{httpbench.KeyDuration, o.duration.String()}, {httpbench.KeyWarmup, o.warmup.String()},
		{httpbench.KeyMaxRequests, strconv.Itoa(o.requests)}, {httpbench.KeyBackend, host},
		{httpbench.KeyBackendVersion, version}, {httpbench.KeyIndex, o.index},
	} {
		mode = append(mode, runinfo.Line(kv[0], kv[1]))
	}
	var err error
	m.config, err = runinfo.Header{Command: runinfo.CommandLine("./scripts/http"), Machine: id,
		GOOS: runtime.GOOS, GOARCH: runtime.GOARCH, CPU: cpu, Mode: mode, Codecs: cs}.Config()
	if err != nil {
		return err
	}

	var raw bytes.Buffer
	if err := runner.Rounds(ctx, m, o.rounds, len(m.cells), &raw, stderr); err != nil {
		return err
	}
	if m.backend != nil {
		if err := m.backend.stop(); err != nil {
			return err
		}
	}
	r, err := httppage.Parse(name, raw.Bytes())
	if err == nil {
		err = httppage.CheckResponses(r)
	}
	if err != nil {
		return fmt.Errorf("%w; nothing written", err)
	}
	path := filepath.Join(o.results, id, "http", "raw", name)
	err = runner.WriteRaw(path, false, stderr, func(w io.Writer) error {
		_, err := w.Write(raw.Bytes())
		return err
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s\n", path)
	return reportRun(o.results, id, path, r, stdout)
}
