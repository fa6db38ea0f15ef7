package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// synthFixture is a fixture of the synthetic matrix.
type synthFixture struct {
	name   string
	fields float64
	bytes  float64
}

// synthCodec is a codec of the synthetic matrix: how fast it is and which ops it has.
type synthCodec struct {
	name    string
	declare bool    // write a codec configuration line
	speed   float64 // multiplies encoding-json's cost
	ops     []string
}

// synth describes a synthetic raw file; the zero value plus defaults makes a plausible full run.
type synth struct {
	rounds   int
	codecs   []synthCodec
	fixtures []synthFixture
	shuffle  uint64 // seed of the per-round cell order; rounds are shuffled like the runner's
	// samples, when set, caps the rounds a cell appears in.
	samples func(op, fixture, codec string) int
	// keep, when set, filters cells out of the matrix.
	keep func(op, fixture, codec string) bool
	// junk lines inserted after the header.
	junk []string
	// roundsLine writes the rounds line the runner writes, which makes the
	// report check that every cell has a sample from every round.
	roundsLine bool
}

var (
	allOps    = []string{"decode-struct", "decode-map", "decode-proj", "encode-struct", "roundtrip"}
	synthBase = []synthCodec{
		{name: rawfmt.Base, declare: true, speed: 1, ops: allOps},
		{name: "sonic-std", declare: true, speed: 0.35, ops: append(append([]string{}, allOps...), "get5")},
		{name: "goccy", declare: true, speed: 0.6, ops: allOps},
		{name: "gjson", declare: true, speed: 0.2, ops: []string{"get5"}},
		{name: rawfmt.Floor, speed: 0.02, ops: []string{"decode-struct", "encode-struct"}},
	}
)

func synthFixtures() []synthFixture {
	var fs []synthFixture
	for _, n := range []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		fs = append(fs, synthFixture{fmt.Sprintf("fields-%04d", n), float64(n), 45*float64(n) + 2})
	}
	for _, kb := range []string{"0.25k", "0001k", "0004k", "0016k", "0064k"} {
		var b float64
		fmt.Sscanf(strings.TrimSuffix(kb, "k"), "%g", &b)
		fs = append(fs, synthFixture{"bytes-" + kb, 10, b * 1024})
	}
	for _, n := range []int{8, 32, 128, 512} {
		fs = append(fs, synthFixture{fmt.Sprintf("equal-bytes-f%03d", n), float64(n), 8192})
	}
	for d := 1; d <= 3; d++ {
		fs = append(fs, synthFixture{fmt.Sprintf("nested-d%d", d), 50, 2400 + 20*float64(d)})
	}
	for _, h := range []int{1, 10, 100} {
		fs = append(fs,
			synthFixture{fmt.Sprintf("es-hits-%d-full", h), float64(50 * h), float64(2300*h + 150)},
			synthFixture{fmt.Sprintf("es-hits-%d-source5", h), float64(5 * h), float64(230*h + 150)})
	}
	fs = append(fs, synthFixture{"realworld-twitter_status", 3000, 631515}, synthFixture{"realworld-citm_catalog", 12000, 1727204})
	return fs
}

func (s synth) withDefaults() synth {
	if s.rounds == 0 {
		s.rounds = 6
	}
	if s.codecs == nil {
		s.codecs = synthBase
	}
	if s.fixtures == nil {
		s.fixtures = synthFixtures()
	}
	return s
}

// cost is encoding-json's ns/op for an op on a fixture: per call, per field and per KB.
func synthCost(op string, f synthFixture) float64 {
	a, b, c := 300.0, 60.0, 400.0
	switch op {
	case "decode-map":
		b = 140
	case "decode-proj":
		b = 25
	case "encode-struct":
		a, b = 150, 35
	case "roundtrip":
		a, b = 450, 95
	case "get5":
		a, b = 100, 5
	}
	return a + b*f.fields + c*f.bytes/1024
}

// text renders the synthetic raw file.
func (s synth) text() string {
	s = s.withDefaults()
	var b strings.Builder
	for _, kv := range [][2]string{
		{rawfmt.KeyGOOS, "linux"}, {rawfmt.KeyGOARCH, "amd64"}, {rawfmt.KeyPkg, "github.com/jsoncost/jsoncost"}, {rawfmt.KeyCPU, "Synthetic CPU @ 3.00GHz"},
		{rawfmt.KeyCommit, "1a2b3c4"}, {rawfmt.KeyCommand, "go run ./scripts/bench -rounds 6 -benchtime 40ms"}, {rawfmt.KeyMachine, "synthetic"},
		{rawfmt.KeyGo, "go1.26.8"}, {rawfmt.KeyCores, "2"}, {rawfmt.KeyGOMAXPROCS, "2"}, {rawfmt.KeyGOGC, "100"}, {rawfmt.KeyGOEXPERIMENT, ""},
		{rawfmt.KeyRace, "false"}, {rawfmt.KeySonicEngine, "jit"},
	} {
		fmt.Fprintf(&b, "%s: %s\n", kv[0], kv[1])
	}
	if s.roundsLine {
		fmt.Fprintf(&b, "%s: %d\n", rawfmt.KeyRounds, s.rounds)
	}
	for _, c := range s.codecs {
		if c.declare {
			b.WriteString(rawfmt.CodecConfig{Name: c.name, ModuleVersion: "example.com/" + c.name + "@v1.0.0", Category: "std", Engine: "native"}.Format() + "\n")
		}
	}
	for _, j := range s.junk {
		b.WriteString(j + "\n")
	}
	type cellSpec struct {
		op    string
		f     synthFixture
		codec synthCodec
	}
	var cells []cellSpec
	for _, op := range append(append([]string{}, allOps...), "get5") {
		for _, f := range s.fixtures {
			for _, c := range s.codecs {
				if !slices.Contains(c.ops, op) || (s.keep != nil && !s.keep(op, f.name, c.name)) {
					continue
				}
				cells = append(cells, cellSpec{op, f, c})
			}
		}
	}
	for round := 1; round <= s.rounds; round++ {
		order := rand.New(rand.NewPCG(s.shuffle, uint64(round)))
		if s.shuffle != 0 {
			order.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
		}
		fmt.Fprintf(&b, "%s-2 \t1000000000\t %.3f ns/op\t 1.00 fields/op\t 0 B/op\t 0 allocs/op\n", rawfmt.NoopCell.Name(), 0.9+0.01*float64(round))
		for _, c := range cells {
			if s.samples != nil && round > s.samples(c.op, c.f.name, c.codec.name) {
				continue
			}
			// The noise of a sample depends only on its cell and round, not on the order.
			noise := rand.New(rand.NewPCG(uint64(round), hash(c.op+c.f.name+c.codec.name)))
			ns := synthCost(c.op, c.f) * c.codec.speed * (1 + 0.03*noise.NormFloat64())
			allocs := math.Round((2 + 1.5*c.f.fields) * c.codec.speed)
			fmt.Fprintf(&b, "%s-2 \t%d\t %.3f ns/op\t %.2f MB/s\t %.2f fields/op\t %.0f doc-B/op\t %.2f ns/field\t %.0f B/op\t %.0f allocs/op\n",
				rawfmt.Cell{Op: c.op, Fixture: c.f.name, Codec: c.codec.name}.Name(), int(4e7/ns)+1, ns, c.f.bytes/ns*1e3, c.f.fields, c.f.bytes, ns/c.f.fields, allocs*24, allocs)
		}
	}
	return b.String()
}

func hash(s string) uint64 {
	var h uint64 = 14695981039346656037
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	return h
}

// writeRaw writes a raw file of machine m under a results directory.
func writeRaw(t *testing.T, results, m, name, text string) string {
	t.Helper()
	dir := filepath.Join(results, m, "raw")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
