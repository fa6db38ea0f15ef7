package main

import (
	"hash/fnv"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// slowFields is the number of values from which a document's cells run a fixed
// number of iterations per sample rather than for the benchtime: at up to 500
// ns per value the slowest codecs take a millisecond on it, and a 10 ms sample
// would hold a few iterations, the first with cold caches. Values make a cell
// slow, not bytes.
const slowFields = 2000

type part struct { // the cells one run of the binary times, passes times a round
	sel       rawfmt.Selection
	benchtime string
	want      map[rawfmt.Cell]bool
	passes    int
}

// split divides the cells into a round's parts: those on documents of slowFields
// values or more (unless largeBenchtime is ""), the other fields-* cells (with
// fieldsPasses above 1), and the rest.
func split(cells []jsoncost.Cell, sel rawfmt.Selection, benchtime, largeBenchtime string, fieldsPasses int) []part {
	newPart := func(benchtime string, passes int) *part {
		return &part{sel: sel, benchtime: benchtime, want: map[rawfmt.Cell]bool{}, passes: passes}
	}
	small, fields, large := newPart(benchtime, 1), newPart(benchtime, fieldsPasses), newPart(largeBenchtime, 1)
	fixtures := map[*part][]string{}
	seen := map[string]bool{}
	for _, c := range cells {
		p := small
		if c.Fixture.Fields >= slowFields && largeBenchtime != "" {
			p = large
		} else if c.Fixture.Family == "fields" && fieldsPasses > 1 {
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

func perRound(parts []part) int { // the cells a round times, with their passes
	n := 0
	for _, p := range parts {
		n += len(p.want) * p.passes
	}
	return n
}

// runs returns round's runs of the binary: each part as many times as its
// passes, in an order from seed and round, each -round flag the count of runs
// so far, which picks its permutation of the seed.
func runs(parts []part, seed uint64) func(round int) []runner.Round {
	pass := 0
	return func(round int) []runner.Round {
		var rs []runner.Round
		for _, p := range parts {
			for range p.passes {
				rs = append(rs, runner.Round{Bench: runner.AllCells, Benchtime: p.benchtime, Want: p.want,
					Args: p.sel.Args(rawfmt.BinaryFlagPrefix)})
			}
		}
		h := fnv.New64a()
		h.Write([]byte("parts/" + strconv.Itoa(round)))
		rand.New(rand.NewPCG(seed, h.Sum64())).Shuffle(len(rs), func(i, j int) { rs[i], rs[j] = rs[j], rs[i] })
		for i := range rs {
			pass++
			rs[i].Args = append(rs[i].Args, "-"+rawfmt.BinarySeedFlag, strconv.FormatUint(seed, 10), "-"+rawfmt.BinaryRoundFlag, strconv.Itoa(pass))
		}
		return rs
	}
}
