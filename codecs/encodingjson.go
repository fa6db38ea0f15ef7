package codecs

import (
	"encoding/json"
	"strings"
)

// encodingJSON is the standard library: the reference every table is read against.
var encodingJSON = &Codec{
	Name:      "encoding-json",
	Category:  Std,
	Ops:       FullOps,
	Marshal:   json.Marshal,
	Unmarshal: json.Unmarshal,
	Engine: func() string {
		if strings.Contains(buildInfo()["GOEXPERIMENT"], "jsonv2") {
			return "v2-engine" // with GOEXPERIMENT=jsonv2, encoding/json runs on the v2 engine
		}
		return "native"
	},
}
