package jsoncost

import "testing"

// TestMain serves the runner (make bench and its kin) when asked to, else
// runs the tests and benchmarks as go test does.
func TestMain(m *testing.M) {
	Main(m, binaryCodecs, MatrixCells(binaryCodecs))
}

// BenchmarkCodec times every cell as a plain go test benchmark,
// BenchmarkCodec/op=<op>/fixture=<fixture>/codec=<codec>, for go test
// -bench with a pattern; make bench measures the same cells with its own
// meter (README: How it measures).
func BenchmarkCodec(b *testing.B) {
	cells, err := AllCells(binaryCodecs)
	if err != nil {
		b.Fatal(err)
	}
	Bench(b, cells)
}
