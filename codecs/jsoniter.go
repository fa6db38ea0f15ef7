package codecs

import (
	"slices"

	jsoniter "github.com/json-iterator/go"
)

// The json-iterator configurations: the std-compatible one and the fastest,
// which writes floats with 6 decimal places.
var (
	jsoniterStd = stdAPI("jsoniter-std", "github.com/json-iterator/go", NearStd,
		jsoniter.ConfigCompatibleWithStandardLibrary.Marshal, jsoniter.ConfigCompatibleWithStandardLibrary.Unmarshal,
		slices.Concat([]string{"float format (1e-07)", "Marshaler output compaction", "UTF-8 validation on decode", "control character validation after an escape", "number syntax (accepts +1 into a float field)", "rejecting a NUL byte after the document (ends the input there)"}, escapedFFFD)...)
	jsoniterFastest = &Codec{Name: "jsoniter-fastest", Module: "github.com/json-iterator/go", Category: Fast, Ops: FullOps, FloatDigits: 6,
		Marshal: jsoniter.ConfigFastest.Marshal, Unmarshal: jsoniter.ConfigFastest.Unmarshal,
		Skips: []string{"HTML escaping", "map key sorting", "float precision (6 decimal places)", "escaped object names", "UTF-8 validation on encode", "UTF-8 validation on decode", "U+2028 escaping", "Marshaler output compaction", "control character validation after an escape", "number syntax (accepts +1 into a float field)", "rejecting a NUL byte after the document (ends the input there)"}}
)
