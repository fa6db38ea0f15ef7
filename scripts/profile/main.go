// Command profile is make bench-profile: where a Go CPU profile's time goes in
// JSON, and what switching codec or filtering fields would save.
//
//	go run ./scripts/profile -profile cpu.pprof [-heap heap.pprof] [-doc doc.json] [-fields id,title]
//
// It reads the profile (package internal/cpuprofile) and tells encoding/json's
// engine from its frames; it takes the reference run from the committed runs
// under -results (internal/report/load): the bench-doc run of DOC and FIELDS
// where there is one, else the full run or upgrade build of the same engine,
// this machine's first, the paired meter's first, the newest first. The
// reference's codec lines say which package paths are which codec. It prints
// the breakdown by class and codec, the call sites that spend the JSON work,
// what the reference falls short of, and the estimated savings: JSON time plus
// the GC a change no longer causes, charged from the heap profile's share of
// allocation where HEAP is given, else from the reference run's cost of
// collection.
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
	"syscall"

	"github.com/jsoncost/jsoncost/internal/cpuprofile"
	"github.com/jsoncost/jsoncost/internal/owndoc/page"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

type options struct{ profile, heap, doc, fields, results, machine string }

func main() {
	var o options
	fs := runner.NewFlags("bench-profile")
	fs.StringVar(&o.profile, "profile", "", "the Go CPU profile (PROFILE)")
	fs.StringVar(&o.heap, "heap", "", "a heap profile of the same program (HEAP), for the share of its allocation in JSON")
	fs.StringVar(&o.doc, "doc", "", "a document the profiled program decodes (DOC)")
	fs.StringVar(&o.fields, "fields", "", "the fields its client uses, for the filtering estimate (FIELDS)")
	fs.StringVar(&o.results, "results", "results", "results directory")
	fs.StringVar(&o.machine, "machine", "", "the machine whose runs the estimates stand on (default this one's, else any)")
	err := fs.Parse(os.Args[1:], os.Stderr)
	if err == nil && o.profile == "" {
		err = errors.New("PROFILE is not set: make bench-profile PROFILE=cpu.pprof [HEAP=heap.pprof DOC=doc.json FIELDS=id,title]")
	}
	runner.Main("bench-profile", err, syscall.SIGTERM, func(context.Context) error { return run(o, os.Stdout) })
}

// run prints the report of o's profile.
func run(o options, stdout io.Writer) error {
	data, err := os.ReadFile(o.profile)
	if err != nil {
		return fmt.Errorf("PROFILE: %w", err)
	}
	p, err := cpuprofile.Read(data)
	if err != nil {
		return fmt.Errorf("PROFILE %s: %w", o.profile, err)
	}
	if o.fields != "" && o.doc == "" {
		return errors.New("FIELDS needs DOC, the document they are fields of")
	}
	engine := cpuprofile.NewTable(nil).Attribute(p, nil).Engine
	basis, err := choose(o, engine)
	if err != nil {
		return err
	}
	t := cpuprofile.NewTable(basis.Ref.Run.Codecs)
	b := t.Attribute(p, nil)
	if b.JSON() == 0 {
		var paths []string
		for _, m := range t.Modules {
			paths = append(paths, m.Path)
		}
		return fmt.Errorf("PROFILE %s: no sample is in a JSON codec (the packages of %q)", o.profile, paths)
	}
	if o.heap != "" {
		data, err := os.ReadFile(o.heap)
		if err != nil {
			return fmt.Errorf("HEAP: %w", err)
		}
		hp, err := cpuprofile.ReadHeap(data)
		if err != nil {
			return fmt.Errorf("HEAP %s: %w", o.heap, err)
		}
		h := t.Attribute(hp, nil)
		basis.Heap = &h
	}
	return cpuprofile.Report(stdout, filepath.Base(o.profile), b, basis)
}

// choose picks the reference run and the documents the estimates stand on: the bench-doc run of DOC
// and FIELDS where one is committed, else the first candidate (cpuprofile.Choose) with the cells of
// the es-hits documents, or of the fixtures nearest DOC and DOC filtered to FIELDS.
func choose(o options, engine string) (cpuprofile.Basis, error) {
	machine := cmp.Or(o.machine, runinfo.MachineID())
	var full, filtered cpuprofile.Size
	if o.doc != "" {
		var err error
		if full, filtered, err = docSizes(o.doc, o.fields); err != nil {
			return cpuprofile.Basis{}, err
		}
		if b, ok, err := docRun(o, machine, engine); ok || err != nil {
			return b, err
		}
	}
	cands, err := cpuprofile.Candidates(o.results)
	if err != nil {
		return cpuprofile.Basis{}, err
	}
	var b cpuprofile.Basis
	ref, err := cpuprofile.Choose(cands, machine, engine, nil,
		func(c cpuprofile.Candidate) bool { return o.machine == "" || c.Machine == o.machine },
		func(r *load.Run) bool {
			b = documents(o, r, full, filtered)
			return b.Decode != "" && cpuprofile.HasBase(r, b.Decode, b.Encode) // else no base cells to scale by
		})
	if err != nil {
		return cpuprofile.Basis{}, err
	}
	if ref == nil {
		return cpuprofile.Basis{}, fmt.Errorf("no full run under %s has the decode-struct and encode-struct cells of %s to scale by (make bench)", o.results, rawfmt.Base)
	}
	b.Ref = ref
	b.How += " " + describe(b.Ref)
	return b, nil
}

// documents are the documents of r the estimates stand on, with how they were chosen: without DOC,
// the es-hits search response and its 5-field twin; with it, the fixtures nearest full and filtered,
// DOC's sizes.
func documents(o options, r *load.Run, full, filtered cpuprofile.Size) cpuprofile.Basis {
	b := cpuprofile.Basis{Decode: cpuprofile.DefaultFixture}
	_, b.Encode, _ = load.HitsPair(cpuprofile.DefaultFixture)
	b.Filtered = b.Encode
	b.How = "Without DOC, the estimates stand on the search response of bench-http's API server (10 hits of 50-field `_source`): " +
		"decoding it and encoding its twin of 5 fields, as that server does, and for filtering decoding the twin instead."
	if o.doc == "" {
		return b
	}
	b.Decode, b.Encode, b.Filtered, b.StandIn = cpuprofile.Nearest(r, full, rawfmt.Base), "", "", true
	b.How = fmt.Sprintf("The fixtures nearest DOC (%s B, %s values per sample, compact) in bytes and values, by the sum of their log distances",
		format.Num(full.Bytes), format.Num(full.Fields))
	if b.Encode = b.Decode; o.fields != "" {
		b.Encode = cpuprofile.Nearest(r, filtered, rawfmt.Base)
		b.Filtered = b.Encode
		b.How += fmt.Sprintf(", and nearest DOC filtered to FIELDS (%s B, %s values), which the program is taken to encode and, filtered, to decode",
			format.Num(filtered.Bytes), format.Num(filtered.Fields))
	}
	b.How += "; no bench-doc run of DOC and FIELDS is committed (make bench-doc measures the document itself)."
	return b
}

// docRun is the basis of the committed bench-doc run of DOC and FIELDS, this machine's first; ok is
// false without one.
func docRun(o options, machine, engine string) (b cpuprofile.Basis, ok bool, err error) {
	name := page.DocName(o.doc)
	dir := page.Dir(name, o.fields)
	raws, _ := filepath.Glob(filepath.Join(o.results, "*", dir, page.RawFile)) // a valid pattern cannot fail
	for i, raw := range raws {
		if filepath.Base(filepath.Dir(filepath.Dir(raw))) == machine {
			raws[0], raws[i] = raws[i], raws[0]
		}
	}
	if len(raws) == 0 {
		return b, false, nil
	}
	cs, err := cpuprofile.CandidatesOf(load.Raw{Path: raws[0], File: page.RawFile}, filepath.Base(filepath.Dir(filepath.Dir(raws[0]))))
	if err != nil {
		return b, false, err
	}
	r, err := cs[0].Load(nil)
	if err != nil {
		return b, false, err
	}
	b = cpuprofile.Basis{Decode: name, Encode: name, Ref: cpuprofile.Refer(cs[0], r, machine, engine)}
	if o.fields != "" {
		b.Filtered = name + rawfmt.FilteredSuffix
	}
	b.How = fmt.Sprintf("DOC itself, as make bench-doc measured it with these FIELDS (`%s`): decoding and encoding it, and for filtering decoding it filtered to FIELDS. %s",
		filepath.ToSlash(filepath.Join(cs[0].Machine, dir, page.RawFile)), describe(b.Ref))
	return b, true, nil
}

// describe says in one sentence what the reference run is.
func describe(ref *cpuprofile.Reference) string {
	meter := "the older meter"
	if ref.Paired {
		meter = "the paired meter"
	}
	build := ""
	if ref.Build != "" {
		build = ", build " + ref.Build
	}
	return fmt.Sprintf("The reference run is `%s`%s of machine %s: %s, encoding/json on its %s, timed by %s.",
		ref.Raw.File, build, ref.Machine, ref.Go, cpuprofile.EngineName(ref.Engine), meter)
}
