package codecs

import "encoding/json"

// encodingJSON is the standard library: the reference every table is read against.
var encodingJSON = &Codec{
	Name:      "encoding-json",
	Category:  Std,
	Ops:       FullOps,
	Marshal:   json.Marshal,
	Unmarshal: json.Unmarshal,
	Engine:    stdEngine,
}
