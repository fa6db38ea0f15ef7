package codecs

import gojson "github.com/goccy/go-json"

// goccy is github.com/goccy/go-json, a drop-in replacement for encoding/json.
var goccy = stdAPI("goccy", "github.com/goccy/go-json", Std, gojson.Marshal, gojson.Unmarshal)
