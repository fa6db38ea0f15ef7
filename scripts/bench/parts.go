package main

import (
	"hash/fnv"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// largeDoc is the document size from which a cell runs a fixed number of
// iterations per sample rather than for the benchtime: at about 10 ns per
// byte, the slowest codecs take a millisecond and more on such a document,
// so a 10 ms sample would hold only a few iterations, the first of them
// with cold caches.
const largeDoc = 100 << 10

// A part is the cells of a round that one run of the benchmark binary
// times: its selection names their fixtures exactly. A round runs it
// passes times.
type part struct {
	sel       rawfmt.Selection
	benchtime string
	want      map[rawfmt.Cell]bool
	passes    int
}

// split divides the cells into the parts of a round: the cells on large
// documents, run for largeBenchtime iterations ("" runs every cell for
// benchtime); with fieldsPasses above 1, the fields-* cells on the other
// documents, run fieldsPasses times; and the rest. Empty parts are left out.
func split(cells []jsoncost.Cell, sel rawfmt.Selection, benchtime, largeBenchtime string, fieldsPasses int) []part {
	newPart := func(benchtime string, passes int) *part {
		return &part{sel: sel, benchtime: benchtime, want: map[rawfmt.Cell]bool{}, passes: passes}
	}
	small, fields, large := newPart(benchtime, 1), newPart(benchtime, fieldsPasses), newPart(largeBenchtime, 1)
	fixtures := map[*part][]string{}
	seen := map[string]bool{}
	for _, c := range cells {
		p := small
		if doc, err := c.Fixture.Data(); err == nil && len(doc) >= largeDoc && largeBenchtime != "" {
			p = large
		} else if c.Fixture.Family == fieldsFamily && fieldsPasses > 1 {
			p = fields
		}
		p.want[c.Name()] = true
		if !seen[c.Fixture.Name] {
			seen[c.Fixture.Name] = true
			fixtures[p] = append(fixtures[p], regexp.QuoteMeta(c.Fixture.Name))
		}
	}
	var parts []part
	for _, p := range []*part{small, fields, large} {
		if len(p.want) > 0 {
			p.sel.Fixtures = strings.Join(fixtures[p], ",")
			parts = append(parts, *p)
		}
	}
	return parts
}

// fieldsFamily is the family of the fields-* fixtures.
const fieldsFamily = "fields"

// perRound is the number of cells a round times, with their passes.
func perRound(parts []part) int {
	n := 0
	for _, p := range parts {
		n += len(p.want) * p.passes
	}
	return n
}

// shuffled returns the runs of the binary that round r of the run with
// seed makes: each part as many times as its passes, in an order drawn
// from the seed and the round.
func shuffled(parts []part, seed uint64, round int) []part {
	h := fnv.New64a()
	h.Write([]byte("parts/" + strconv.Itoa(round)))
	var out []part
	for _, p := range parts {
		for range p.passes {
			out = append(out, p)
		}
	}
	rand.New(rand.NewPCG(seed, h.Sum64())).Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}
