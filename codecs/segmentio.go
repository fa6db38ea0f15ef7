package codecs

import segjson "github.com/segmentio/encoding/json"

// segmentio is github.com/segmentio/encoding/json, a drop-in replacement for encoding/json.
var segmentio = &Codec{
	Name:      "segmentio",
	Module:    "github.com/segmentio/encoding",
	Category:  NearStd,
	Skips:     []string{"nesting depth limit (accepts depth 10001)"},
	Ops:       FullOps,
	Marshal:   segjson.Marshal,
	Unmarshal: segjson.Unmarshal,
}
