package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/internal/meter"
	"github.com/jsoncost/jsoncost/internal/owndoc/page"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// An inspection is what one process of the binary said: what it is, its
// cells, and which of them passed the correctness gate.
type inspection struct {
	self     []string // its info lines
	listed   []runner.Listed
	failures []page.Failure // the cells the gate refused, with why
}

// inspect asks one process of b what it is and which cells it has, then
// prepares every cell, which passes it through the correctness gate, and
// says on stderr how that went. A binary that will not serve (the FIELDS
// check refused the document, say) is an error, its last line on stderr; so
// is one that dies preparing a cell, an error naming the cell.
func inspect(ctx context.Context, b runner.Binary, stderr io.Writer) (*inspection, error) {
	var own bytes.Buffer
	b.Stderr = &own
	s, err := b.Start(ctx)
	if err != nil {
		return nil, err
	}
	in := &inspection{}
	if in.self, err = s.Info(); err != nil {
		s.Close()
		if lines := strings.Split(strings.TrimSpace(own.String()), "\n"); ctx.Err() == nil && lines[len(lines)-1] != "" {
			return nil, fmt.Errorf("the benchmark binary would not start: %s", lines[len(lines)-1])
		}
		return nil, fmt.Errorf("asking the benchmark binary what it is: %w", err)
	}
	if in.listed, err = s.Cells(); err == nil {
		err = in.gate(s)
	}
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	stderr.Write(own.Bytes())
	if err != nil {
		return nil, fmt.Errorf("running the correctness gate: %w", err)
	}
	fmt.Fprintf(stderr, "correctness gate: %d cells passed, %d failed (not timed)\n", len(in.listed)-len(in.failures), len(in.failures))
	for _, f := range in.failures {
		fmt.Fprintf(stderr, "  %s: %s\n", f.Cell, f.Err)
	}
	return in, nil
}

// gate prepares every listed cell in s, recording those the gate refused.
func (in *inspection) gate(s *runner.Server) error {
	for _, l := range in.listed {
		var refused *runner.CellError
		if err := s.Prepare(l.Cell); errors.As(err, &refused) {
			in.failures = append(in.failures, page.Failure{Cell: l.Cell, Err: refused.Why})
		} else if err != nil {
			return err
		}
	}
	return nil
}

// A plan is the blocks a run times, one per operation and document, and
// the cells it leaves out.
type plan struct {
	blocks   []meter.Block
	sizes    map[rawfmt.Cell]meter.Size
	failures []page.Failure // refused by the gate, or paired with a cell that was
}

// newPlan pairs every cell that passed the gate with its partner
// (rawfmt.Partner, the document itself the anchor), leaving out, with a
// line on stderr, each whose partner the gate refused.
func newPlan(in *inspection, anchor string, stderr io.Writer) (*plan, error) {
	p := &plan{sizes: map[rawfmt.Cell]meter.Size{}, failures: in.failures}
	passed := map[rawfmt.Cell]bool{} // every listed cell: whether it passed the gate
	for _, l := range in.listed {
		passed[l.Cell] = true
	}
	for _, f := range in.failures {
		passed[f.Cell] = false
	}
	blockOf := map[string]int{} // a block's index by its name
	for _, l := range in.listed {
		c := l.Cell
		partner, unit := rawfmt.Partner(c, anchor)
		partnerPassed, listed := passed[partner]
		switch {
		case !passed[c]:
			continue
		case !listed:
			return nil, fmt.Errorf("%s: the benchmark binary has no %s cell to pair it with", c, partner)
		case !partnerPassed:
			f := page.Failure{Cell: c, Err: fmt.Sprintf("not timed: its partner %s failed the correctness gate", partner)}
			fmt.Fprintf(stderr, "  %s: %s\n", f.Cell, f.Err)
			p.failures = append(p.failures, f)
			continue
		}
		key := c.Op + " " + c.Fixture
		i, ok := blockOf[key]
		if !ok {
			i, blockOf[key], p.blocks = len(p.blocks), len(p.blocks), append(p.blocks, meter.Block{Name: key, Doc: c.Fixture})
		}
		p.blocks[i].Pairs = append(p.blocks[i].Pairs, meter.Pair{Cell: c, Partner: partner, Unit: unit})
		p.sizes[c] = meter.Size{Fields: l.Fields, DocBytes: l.DocBytes}
	}
	if len(p.blocks) == 0 {
		return nil, errors.New("no cell passed the correctness gate; nothing to time")
	}
	return p, nil
}

// save writes the raw file, results/<machine-id>/doc-<name>-<fields>/raw.txt:
// the header, the meter's lines as make bench writes them, anchored on the
// document, then the document's, its notes and the cells left out, and what
// the binary said of itself; then the rounds' result lines.
func save(o options, d *document, seeds []int64, self []string, failures []page.Failure, raw []byte, stderr io.Writer) error {
	id := runinfo.MachineID()
	mode := append(o.meter().Lines(o.rounds, seeds, d.Name),
		runinfo.Lines(page.KeyDoc, o.doc, page.KeyDocSamples, strconv.Itoa(len(d.Samples)), page.KeyDocFields, d.Fields,
			page.KeyCompacted, strconv.FormatBool(d.compacted))...)
	if o.qps > 0 {
		mode = append(mode, runinfo.Line(page.KeyQPS, strconv.FormatFloat(o.qps, 'g', -1, 64)))
	}
	mode = append(mode, runinfo.Line(page.KeyPerRequest, strconv.Itoa(o.perRequest)))
	for _, l := range (page.Info{Notes: d.notes, Failures: failures}).Lines() {
		mode = append(mode, runinfo.Line(l[0], l[1]))
	}
	h := runinfo.Header{Command: command(o), Machine: id, Env: []string{"GOMAXPROCS=1", "GOGC=off"}, Mode: mode, Self: self}
	path := filepath.Join(o.results, id, page.Dir(d.Name, d.Fields), page.RawFile)
	return runner.WriteRaw(path, true, stderr, func(w io.Writer) error {
		if err := runinfo.WriteHeader(w, h); err != nil {
			return err
		}
		_, err := w.Write(raw)
		return err
	})
}

// command is the make command that repeats the run.
func command(o options) string {
	args := []string{"make", "bench-doc", "DOC=" + runinfo.Quote(o.doc), "FIELDS=" + runinfo.Quote(o.fields),
		"ROUNDS=" + strconv.Itoa(o.rounds), "SLICE=" + o.slice.String()}
	if o.qps > 0 {
		args = append(args, "QPS="+strconv.FormatFloat(o.qps, 'g', -1, 64))
	}
	if o.perRequest != 1 {
		args = append(args, "PER_REQUEST="+strconv.Itoa(o.perRequest))
	}
	return strings.Join(args, " ")
}
