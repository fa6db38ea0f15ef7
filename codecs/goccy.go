package codecs

import gojson "github.com/goccy/go-json"

// goccy is github.com/goccy/go-json, a drop-in replacement for encoding/json.
var goccy = &Codec{
	Name:      "goccy",
	Module:    "github.com/goccy/go-json",
	Category:  Std,
	Ops:       FullOps,
	Marshal:   gojson.Marshal,
	Unmarshal: gojson.Unmarshal,
}
