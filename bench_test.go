package jsoncost

import (
	"flag"
	"fmt"
	"os"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

var (
	sel       rawfmt.Selection
	seedFlag  = flag.Uint64(rawfmt.BinarySeedFlag, 0, "when non-zero, shuffle the order of cells with this seed")
	roundFlag = flag.Int(rawfmt.BinaryRoundFlag, 1, "the run of the binary this is within the run, which picks its permutation of the seed")
	listFlag  = flag.Bool(rawfmt.BinaryListFlag, false, "print the selection's cells, one benchmark name a line, and exit: the cells this build has")
)

func init() { sel.RegisterFlags(flag.CommandLine, rawfmt.BinaryFlagPrefix) }

// TestMain records, as benchfmt configuration lines ahead of the results,
// what the process that times the cells runs (see runMain).
func TestMain(m *testing.M) {
	flag.Parse()
	if *listFlag {
		cells, _, err := Matrix(sel)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, c := range cells {
			fmt.Println(c.Name().Name())
		}
		os.Exit(0)
	}
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
