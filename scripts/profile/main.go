// Command profile is make bench-profile: where a Go CPU profile's time goes in
// JSON, and what switching codec or filtering fields would save.
//
//	go run ./scripts/profile -profile cpu.pprof [-doc doc.json] [-fields id,title]
//
// It reads the profile (package internal/cpuprofile), and the machine's newest
// committed full run under -results (internal/report/load), whose codec lines
// say which package paths are which codec. It prints the breakdown by class and
// codec, the call sites that spend the JSON work, and the estimated savings
// from that run's measured ratios: on the fixture nearest DOC in bytes and
// values, or on es-hits-10-full without DOC; filtering on the fixture nearest
// the document filtered to FIELDS, or on es-hits-10-source5 without DOC.
//
// Bad input is one line on stderr and nothing on stdout.
package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"syscall"

	"github.com/jsoncost/jsoncost/internal/cpuprofile"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

type options struct{ profile, doc, fields, results, machine string }

func main() {
	var o options
	fs := runner.NewFlags("bench-profile")
	fs.StringVar(&o.profile, "profile", "", "the Go CPU profile (PROFILE)")
	fs.StringVar(&o.doc, "doc", "", "a document the profiled program decodes, for the nearest fixture (DOC)")
	fs.StringVar(&o.fields, "fields", "", "the fields its client uses, for the filtering estimate (FIELDS)")
	fs.StringVar(&o.results, "results", "results", "results directory")
	fs.StringVar(&o.machine, "machine", "", "the machine whose full run the estimates stand on (default this one's, else the first with one)")
	err := fs.Parse(os.Args[1:], os.Stderr)
	if err == nil && o.profile == "" {
		err = errors.New("PROFILE is not set: make bench-profile PROFILE=cpu.pprof [DOC=doc.json FIELDS=id,title]")
	}
	runner.Main("bench-profile", err, syscall.SIGTERM, func(context.Context) error { return run(o, os.Stdout, fullRun) })
}

// run prints the report of o's profile, the full run read by loadRun (fullRun, which tests cache).
func run(o options, stdout io.Writer, loadRun func(results, machine string) (*load.Run, error)) error {
	data, err := os.ReadFile(o.profile)
	if err != nil {
		return fmt.Errorf("PROFILE: %w", err)
	}
	p, err := cpuprofile.Read(data)
	if err != nil {
		return fmt.Errorf("PROFILE %s: %w", o.profile, err)
	}
	r, err := loadRun(o.results, o.machine)
	if err != nil {
		return err
	}
	t := cpuprofile.NewTable(r.Codecs)
	b := t.Attribute(p, nil)
	if b.JSON() == 0 {
		var paths []string
		for _, m := range t.Modules() {
			paths = append(paths, m.Path)
		}
		return fmt.Errorf("PROFILE %s: no sample is in a JSON codec (the packages of %q)", o.profile, paths)
	}
	basis, err := chooseFixtures(o, r)
	if err != nil {
		return err
	}
	return cpuprofile.Report(stdout, filepath.Base(o.profile), b, basis)
}

// fullRun loads the newest full run of machine, by default this machine's, else the first machine's with one.
func fullRun(results, machine string) (*load.Run, error) {
	ms, err := load.Machines(results)
	if err != nil {
		return nil, err
	}
	full := func(m load.Machine) int { return slices.IndexFunc(m.Raws, load.Raw.Full) }
	i := slices.IndexFunc(ms, func(m load.Machine) bool { return m.ID == cmp.Or(machine, runinfo.MachineID()) && full(m) >= 0 })
	if i < 0 && machine != "" {
		return nil, fmt.Errorf("machine %s has no full run under %s", machine, results)
	}
	if i < 0 {
		if i = slices.IndexFunc(ms, func(m load.Machine) bool { return full(m) >= 0 }); i < 0 {
			return nil, fmt.Errorf("no machine under %s has a full run (make bench)", results)
		}
	}
	return load.Load(ms[i].Raws[full(ms[i])])
}

// chooseFixtures picks the fixtures the estimates stand on, from DOC and FIELDS when given.
func chooseFixtures(o options, r *load.Run) (cpuprofile.Basis, error) {
	b := cpuprofile.Basis{Run: r, Fixture: cpuprofile.DefaultFixture, Full: cpuprofile.DefaultFixture}
	if o.doc == "" {
		if o.fields != "" {
			return b, errors.New("FIELDS needs DOC, the document they are fields of")
		}
		_, b.Filtered, _ = load.HitsPair(cpuprofile.DefaultFixture)
		b.How = fmt.Sprintf("without DOC, the estimates stand on the search response of bench-http (10 hits of 50-field `_source`), "+
			"and filtering on its twin whose `_source` holds 5 fields, from `%s`.", r.Raw.File)
		return b, nil
	}
	full, filtered, err := docSizes(o.doc, o.fields)
	if err != nil {
		return b, err
	}
	b.Fixture = cpuprofile.Nearest(r, full, rawfmt.Base)
	if b.Fixture == "" {
		return b, fmt.Errorf("%s has no decode-struct cells of %s to compare DOC with", r.Raw.File, rawfmt.Base)
	}
	b.Full, b.Filtered = b.Fixture, ""
	b.How = fmt.Sprintf("the fixture of `%s` nearest DOC (%s B, %s values per sample, compact) in bytes and values, by the sum of their log distances.",
		r.Raw.File, format.Num(full.Bytes), format.Num(full.Fields))
	if o.fields != "" {
		b.Filtered = cpuprofile.Nearest(r, filtered, rawfmt.Base)
		b.How += fmt.Sprintf(" Filtering compares it with the fixture nearest DOC filtered to FIELDS (%s B, %s values).", format.Num(filtered.Bytes), format.Num(filtered.Fields))
	}
	return b, nil
}
