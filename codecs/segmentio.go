package codecs

import (
	"slices"

	segjson "github.com/segmentio/encoding/json"
)

// segmentio is github.com/segmentio/encoding/json, a drop-in replacement for encoding/json.
var segmentio = stdAPI("segmentio", "github.com/segmentio/encoding", NearStd, segjson.Marshal, segjson.Unmarshal,
	slices.Concat([]string{"nesting depth limit (accepts depth 10001)"}, escapedFFFD)...)
