package probes

//go:generate go tool easyjson -all -no_std_marshalers types.go

// The probes encode and decode these boxes rather than bare values so that
// every configuration, easyjson included, runs the same probe: easyjson
// works only on types with generated methods (types_easyjson.go). The
// generated code implements easyjson's interfaces only, never json.Marshaler,
// so the other configurations see plain structs.

type stringBox struct {
	S string `json:"s"`
}

type floatBox struct {
	F float64 `json:"f"`
}

type mapBox struct {
	M map[string]int `json:"m"`
}

type nilBox struct {
	S []int          `json:"s"`
	M map[string]int `json:"m"`
}

type marshalerBox struct {
	R spaced `json:"r"`
}

type nameBox struct {
	Name string `json:"name"`
}

type intBox struct {
	I8  int8  `json:"i8"`
	I64 int64 `json:"i64"`
}

type anyBox struct {
	V any `json:"v"`
}
