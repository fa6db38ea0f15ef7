package rawfmt

// Units of a cell's values. go test reports UnitNs, UnitMBs, UnitB and
// UnitAllocs; the suite reports the rest. fields/op and doc-B/op are
// constant per fixture: the sizes the cost model is fitted against.
const (
	UnitNs       = "ns/op"
	UnitMBs      = "MB/s"
	UnitB        = "B/op"
	UnitAllocs   = "allocs/op"
	UnitNsField  = "ns/field"
	UnitFields   = "fields/op"
	UnitDocB     = "doc-B/op"
	UnitInstr    = "instructions/op" // counted under cachegrind: exact, see make bench-instr
	UnitInstrN   = "iterations"      // the iteration count an instruction figure came from
	AssumeExact  = "assume=exact"    // benchfmt unit metadata for counts that do not vary
	UnitMetadata = "Unit"            // the benchfmt unit metadata line keyword
)
