package codecs

import (
	"fmt"
	"slices"

	"github.com/mailru/easyjson"
)

// easyJSON runs the code easyjson generated for the fixture types (with
// -no_std_marshalers, so the other codecs never call it). It supports struct
// types with generated methods only.
var easyJSON = &Codec{
	Name:     "easyjson",
	Module:   "github.com/mailru/easyjson",
	Category: Codegen,
	Ops:      []Op{DecodeStruct, DecodeProj, EncodeStruct, Roundtrip},
	Skips:    slices.Concat([]string{"map key sorting", "float format (1e+20, 1e-07, 1.234567e+06)", "UTF-8 validation on decode", "control character validation", "number syntax validation", "Marshaler output compaction", "case-insensitive name matching", "nesting depth limit"}, escapedFFFD),
	Marshal: func(v any) ([]byte, error) {
		m, ok := v.(easyjson.Marshaler)
		if !ok {
			return nil, fmt.Errorf("easyjson: %T has no generated MarshalEasyJSON", v)
		}
		return easyjson.Marshal(m)
	},
	Unmarshal: func(data []byte, v any) error {
		u, ok := v.(easyjson.Unmarshaler)
		if !ok {
			return fmt.Errorf("easyjson: %T has no generated UnmarshalEasyJSON", v)
		}
		return easyjson.Unmarshal(data, u)
	},
}
