// Package meter is the paired time meter of make bench, bench-quick,
// bench-doc and bench-upgrade: it times slices of about a millisecond of
// each cell, each paired with a slice of the cell's partner a moment
// before or after it, in shuffled order, so that the host's speed, which
// comes in phases of tens of milliseconds, is the same for both slices of a
// pair; its figure is the ratio of the two. A slice's time is the CPU time
// of the binary's serving thread over its timed loop: time the thread
// waited for a CPU while other work ran is not the codec's.
//
// Data flows one way. The command plans Blocks of Pairs (a cell and its
// partner, rawfmt.Partner) and builds a binary per link layout (and per
// build in bench-upgrade); each Round splits the blocks by document into
// parts and runs each part in a process of every build, on the layout of
// that round, and for each block in shuffled order warms its cells, then
// times its pairs in groups (group.go): two cells' slices and one slice of
// the partner they share, in random order, on one clean heap. It writes one
// result line per pair. Once a round it times the collections of a live
// heap (the GC cost a cell's allocation is charged with) at a random place
// among the blocks; every group is preceded by a collection of the
// binary's own small heap, whose time it records too. Before the first
// round, one process of every build passes every cell through the
// correctness gate, untimed: a round's processes run the same code, only
// linked in another layout, so a cell is timed only once its build has
// checked its output, and a cell the gate refuses fails the run before
// anything is timed.
package meter

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/runinfo"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// A Pair is a cell of one build timed against its partner, a cell of the same or another build.
type Pair struct {
	Cell         rawfmt.Cell
	Build        int // the build that times Cell: an index of Meter.Builds
	Partner      rawfmt.Cell
	PartnerBuild int
	Unit         string // the unit of the partner's time on the cell's lines
}

// A Block is the pairs measured together: their cells are prepared together and dropped after.
type Block struct {
	Name  string
	Doc   string // the document of its cells: a round keeps a document's blocks in one process
	Pairs []Pair
}

// A Build is one toolchain's binaries, one per link layout.
type Build struct {
	Name    string          // written as the build line ahead of its results; "" in a run of one build
	Layouts []runner.Binary // the binary of each layout
	Seeds   []int64         // the -randlayout seed of each
}

// Options are what a run of the meter may change.
type Options struct {
	Slice time.Duration // the time a slice aims at
	Pairs int           // pairs of a cell per round, at most (fewer for a cell whose slices are slow, but 2)
	Seed  uint64        // the run's random seed
}

const (
	// GCHeap is the live heap whose collections every run times: the cost
	// each allocated byte is charged at GOGC=100 (rawfmt's GC harness).
	GCHeap    = 64 << 20
	gcCycles  = 3         // collections of it timed each round
	partCells = 100       // cells of one process, about: a round runs in as many processes as that takes
	allocCap  = 512 << 10 // bytes a slice may allocate, at most (see calibrate)
)

// gcHeapName names GCHeap in GC results: 64MiB.
var gcHeapName = strconv.Itoa(GCHeap>>20) + "MiB"

// Lines are the configuration lines of a run of rounds rounds of o, its
// binaries linked with the layout seeds, its documents anchored on anchor.
func (o Options) Lines(rounds int, seeds []int64, anchor string) []benchfmt.Config {
	layouts := strings.Trim(fmt.Sprint(seeds), "[]") // the seeds separated by spaces
	return runinfo.Lines(rawfmt.KeyMeter, rawfmt.MeterPaired, rawfmt.KeyRounds, strconv.Itoa(rounds),
		rawfmt.KeySlice, o.Slice.String(), rawfmt.KeyPairs, strconv.Itoa(o.Pairs), rawfmt.KeyLayouts, layouts,
		rawfmt.KeyAnchor, anchor, rawfmt.KeyGCHeap, gcHeapName, rawfmt.KeyGCThread, rawfmt.GCUnlocked, rawfmt.KeyOrderSeed, strconv.FormatUint(o.Seed, 10))
}

// A Size is the document size a cell's lines report.
type Size struct{ Fields, DocBytes float64 }

// A Meter runs rounds of the blocks (runner.Meter).
type Meter struct {
	Builds []Build
	Blocks []Block
	Sizes  map[rawfmt.Cell]Size
	O      Options
	Warn   io.Writer // where a refused cell and a slice that a collection interrupted are reported
	// Neighbour, when not nil, says whether round r runs beside a busy
	// neighbour (make bench-noise): its results follow a neighbour line.
	Neighbour func(r int) bool

	perOp  map[cellOf][]float64 // the ns/op of every slice of a cell
	iters  map[cellOf]int       // the iterations of every slice of a cell, fixed at its first
	failed []string             // the cells the binary refused: a round that has any fails
	warned bool
	Spent  Spent // where the rounds' time went
}

// Spent is where a run's time went: the timed loops of its slices, the
// collections before them (as the binary measured both), the requests
// for slices as the runner waited on them, and preparing cells, the
// gate's share of it apart.
type Spent struct{ Loops, GC, Slices, Prepare, Gate time.Duration }

func (s Spent) String() string {
	other := s.Slices - s.Loops - s.GC
	return fmt.Sprintf("slices %s (timed loops %s, collections before them %s, the rest %s), preparing cells %s (the gate %s)",
		s.Slices.Round(time.Second), s.Loops.Round(time.Second), s.GC.Round(time.Second), other.Round(time.Second), s.Prepare.Round(time.Second), s.Gate.Round(time.Second))
}

type cellOf struct {
	cell  rawfmt.Cell
	build int
}

// cells lists b's cells once each, every pair's partner before its cell.
func (b Block) cells() []cellOf {
	var cs []cellOf
	for _, pr := range b.Pairs {
		for _, c := range []cellOf{{pr.Partner, pr.PartnerBuild}, {pr.Cell, pr.Build}} {
			if !slices.Contains(cs, c) {
				cs = append(cs, c)
			}
		}
	}
	return cs
}

// Layout is the layout index round r runs: every layout once in each run of
// len(layouts) rounds, in an order drawn from the seed, so that each
// layout's rounds are spread through the run.
func (m *Meter) Layout(r int) int {
	n := len(m.Builds[0].Layouts)
	return runner.Rand(m.O.Seed, "layouts", (r-1)/n).Perm(n)[(r-1)%n]
}

// Cells is the number of cells a round times, for runner.Progress.
func (m *Meter) Cells() int {
	n := 0
	for _, b := range m.Blocks {
		n += len(b.Pairs)
	}
	return n
}

// Round runs round r (runner.Meter). Its blocks, in shuffled order, are
// split by document into parts of about partCells cells, and each part runs
// in processes of its own, one of every build: a process that has prepared
// every codec for every document holds their caches, and the collection
// before each slice would mark them all.
func (m *Meter) Round(ctx context.Context, r int, out io.Writer, p *runner.Progress) error {
	if m.perOp == nil {
		m.perOp, m.iters = map[cellOf][]float64{}, map[cellOf]int{}
	}
	if r == 1 {
		if err := m.gate(ctx, m.Layout(r)); err != nil {
			return err
		}
	}
	rng := runner.Rand(m.O.Seed, "round", r)
	blocks := slices.Clone(m.Blocks)
	rng.Shuffle(len(blocks), func(i, j int) { blocks[i], blocks[j] = blocks[j], blocks[i] })
	cellsOf := map[string]int{}
	for _, b := range blocks {
		cellsOf[b.Doc] += len(b.Pairs)
	}
	parts, partOf, n := [][]Block{nil}, map[string]int{}, 0 // n: the cells of the last part
	for _, b := range blocks {
		part, placed := partOf[b.Doc]
		if !placed {
			if n > 0 && n+cellsOf[b.Doc] > partCells {
				parts, n = append(parts, nil), 0
			}
			part, partOf[b.Doc] = len(parts)-1, len(parts)-1
			n += cellsOf[b.Doc]
		}
		parts[part] = append(parts[part], b)
	}
	gcPart := rng.IntN(len(parts))
	for i, part := range parts {
		if err := m.part(ctx, r, part, i == gcPart, out, rng, p); err != nil {
			return err
		}
	}
	return m.failedCells()
}

// failedCells is the error of a run whose cells failed, nil without any.
func (m *Meter) failedCells() error {
	if len(m.failed) > 0 {
		return fmt.Errorf("%d cells failed (not timed), see above: %s", len(m.failed), strings.Join(m.failed, ", "))
	}
	return nil
}

// gate prepares every cell of the run through the correctness gate, each
// build's in one process of its own, linked in layout, block by block,
// dropping a block's cells after it.
func (m *Meter) gate(ctx context.Context, layout int) error {
	defer func(prepared time.Duration) { m.Spent.Gate = m.Spent.Prepare - prepared }(m.Spent.Prepare)
	for i, b := range m.Builds {
		s, err := b.Layouts[layout].Start(ctx)
		if err != nil {
			return err
		}
		seen := map[rawfmt.Cell]bool{}
	blocks:
		for _, bl := range m.Blocks {
			for _, c := range bl.cells() {
				if c.build != i || seen[c.cell] {
					continue
				}
				seen[c.cell] = true
				if _, err = m.prepare(s.Prepare, c.cell); err != nil {
					break blocks
				}
			}
			if err = s.Drop(); err != nil {
				break
			}
		}
		if cerr := s.Close(); err == nil && ctx.Err() == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	return m.failedCells()
}

// prepare prepares c with do, timing it, and says whether it did: a cell
// the binary refuses is reported and added to m.failed.
func (m *Meter) prepare(do func(rawfmt.Cell) error, c rawfmt.Cell) (ok bool, err error) {
	start := time.Now()
	err = do(c)
	m.Spent.Prepare += time.Since(start)
	if ce, refused := err.(*runner.CellError); refused {
		fmt.Fprintln(m.Warn, ce)
		m.failed = append(m.failed, c.String())
		return false, nil
	}
	return err == nil, err
}

// part runs blocks in one process of every build on round r's layout,
// timing the live heap's collections too when gc, and writes their lines,
// each build's after its configuration lines.
func (m *Meter) part(ctx context.Context, r int, blocks []Block, gc bool, out io.Writer, rng *rand.Rand, p *runner.Progress) (err error) {
	layout := m.Layout(r)
	servers := make([]*runner.Server, len(m.Builds))
	var busy *runner.Server // the neighbour, if it runs
	defer func() {
		for _, s := range append(servers, busy) {
			if cerr := s.Close(); err == nil && ctx.Err() == nil {
				err = cerr
			}
		}
	}()
	neighbour := ""
	if m.Neighbour != nil {
		neighbour = "off"
		if m.Neighbour(r) {
			neighbour = "on"
			if busy, err = m.Builds[0].Layouts[layout].Neighbour(ctx); err != nil {
				return err
			}
		}
	}
	lines := make([]strings.Builder, len(m.Builds))
	for i, b := range m.Builds {
		if servers[i], err = b.Layouts[layout].Start(ctx); err != nil {
			return err
		}
		if b.Name != "" {
			fmt.Fprintf(&lines[i], "%s: %s\n", rawfmt.KeyBuild, b.Name)
		}
		if neighbour != "" {
			fmt.Fprintf(&lines[i], "%s: %s\n", rawfmt.KeyNeighbour, neighbour)
		}
		fmt.Fprintf(&lines[i], "%s: %d\n%s: %d\n", rawfmt.KeyLayout, b.Seeds[layout], rawfmt.KeyRound, r)
	}
	gcAt := rng.IntN(len(blocks) + 1)
	sized := map[cellOf]bool{}
	for bi := range len(blocks) + 1 {
		if bi == gcAt && gc {
			if err := m.heap(servers, lines); err != nil {
				return err
			}
		}
		if bi < len(blocks) {
			if err := m.block(ctx, blocks[bi], servers, lines, rng, sized, p); err != nil {
				return err
			}
		}
	}
	for i, s := range servers {
		fmt.Fprintf(&lines[i], "%s\t%d\t%d %s\t%d %s\n", rawfmt.GCName(rawfmt.HeapBench), len(s.GCNs), median(s.GCNs), rawfmt.UnitCycleNs, median(s.Live), rawfmt.UnitLive)
		if _, err := io.WriteString(out, lines[i].String()); err != nil {
			return fmt.Errorf("writing the raw file: %w", err)
		}
	}
	return nil
}

// block warms the cells of b and times its pairs.
func (m *Meter) block(ctx context.Context, b Block, servers []*runner.Server, lines []strings.Builder, rng *rand.Rand, sized map[cellOf]bool, p *runner.Progress) error {
	bad := map[cellOf]bool{}
	for _, c := range b.cells() {
		ok, err := m.prepare(servers[c.build].Warm, c.cell)
		if err != nil {
			return err
		}
		bad[c] = !ok
	}
	for _, g := range m.groups(b, bad, rng) {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err := m.group(servers, g, lines, sized, rng); err != nil {
			return err
		}
	}
	for _, pr := range b.Pairs {
		p.Cell(pr.Cell.String())
	}
	for _, s := range servers {
		if err := s.Drop(); err != nil {
			return err
		}
	}
	return nil
}
