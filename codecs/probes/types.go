package probes

//go:generate go tool easyjson -all -no_std_marshalers types.go

// The probes' boxes, with easyjson methods generated (types_easyjson.go) so
// that easyjson runs every probe too; the other codecs see plain structs.

type (
	stringBox struct {
		S string `json:"s"`
	}
	floatBox struct {
		F float64 `json:"f"`
	}
	mapBox struct {
		M map[string]int `json:"m"`
	}
	nilBox struct {
		S []int          `json:"s"`
		M map[string]int `json:"m"`
	}
	marshalerBox struct {
		R spaced `json:"r"`
	}
	nameBox struct {
		Name string `json:"name"`
	}
	intBox struct {
		I8  int8  `json:"i8"`
		I64 int64 `json:"i64"`
	}
	anyBox struct {
		V any `json:"v"`
	}
)
