package jsoncost

import (
	"flag"
	"os"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

var (
	sel       rawfmt.Selection
	seedFlag  = flag.Uint64(rawfmt.BinarySeedFlag, 0, "when non-zero, shuffle the order of cells with this seed")
	roundFlag = flag.Int(rawfmt.BinaryRoundFlag, 1, "the run of the binary this is within the run, which picks its permutation of the seed")
)

func init() { sel.RegisterFlags(flag.CommandLine, rawfmt.BinaryFlagPrefix) }

// TestMain records, as benchfmt configuration lines ahead of the results,
// what the process that times the cells runs (see runMain).
func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(runMain(m))
}

// BenchmarkCodec runs the selected matrix as
// BenchmarkCodec/op=<op>/fixture=<fixture>/codec=<codec>, first the
// harness's own cost as op=noop/fixture=fields-0001/codec=noop, then the
// cells in the order of the seed and round (see order).
func BenchmarkCodec(b *testing.B) {
	refuseRace(b)
	cells, _, err := Matrix(sel)
	if err != nil {
		b.Fatal(err)
	}
	b.Run(rawfmt.NoopCell.Sub(), benchNoop)
	Run(b, cells, *seedFlag, *roundFlag)
}
