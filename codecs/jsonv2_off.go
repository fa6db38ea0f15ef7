//go:build !goexperiment.jsonv2

package codecs

// Without the jsonv2 experiment (Go 1.26 by default, Go 1.27 with GOEXPERIMENT=nojsonv2), encoding/json runs on its
// v1 engine and encoding/json/v2 does not exist.
const stdEngine = "v1-engine"

var jsonV2 *Codec

// escapedFFFD is empty: encoding/json's v1 engine escapes the U+FFFD too.
var escapedFFFD []string
