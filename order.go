package jsoncost

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
)

// order returns cells in the order one round runs them: with seed 0 the
// matrix order, otherwise the operations, the fixtures within each and the
// codecs within each fixture shuffled, each list by a permutation drawn
// from the seed, the round and its parent, so no codec always follows the
// same neighbour and a run is replayed from its seed.
func order(cells []Cell, seed uint64, round int) []Cell {
	var out []Cell
	byOp := groupBy(cells, func(c Cell) string { return string(c.Op) })
	shuffle(byOp, seed, round, "")
	for _, opCells := range byOp {
		byFixture := groupBy(opCells, func(c Cell) string { return c.Fixture.Name })
		shuffle(byFixture, seed, round, string(opCells[0].Op))
		for _, fixCells := range byFixture {
			shuffle(fixCells, seed, round, string(fixCells[0].Op)+"/"+fixCells[0].Fixture.Name)
			out = append(out, fixCells...)
		}
	}
	return out
}

// groupBy splits cells into runs that share key, in first-appearance order.
func groupBy(cells []Cell, key func(Cell) string) [][]Cell {
	var out [][]Cell
	index := map[string]int{}
	for _, c := range cells {
		i, ok := index[key(c)]
		if !ok {
			i, index[key(c)], out = len(out), len(out), append(out, nil)
		}
		out[i] = append(out[i], c)
	}
	return out
}

// shuffle permutes list with a generator drawn from seed, round and parent;
// seed 0 leaves it alone.
func shuffle[T any](list []T, seed uint64, round int, parent string) {
	if seed == 0 {
		return
	}
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%s", round, parent)
	r := rand.New(rand.NewPCG(seed, h.Sum64()))
	r.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
}
