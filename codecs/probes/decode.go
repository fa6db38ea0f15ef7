package probes

import (
	"github.com/jsoncost/jsoncost/codecs"
	"github.com/mailru/easyjson/jlexer"
)

// decodeAny decodes data into an any with c. A configuration that decodes
// maps decodes into an any; one that decodes only struct types (generated
// code, such as easyjson's) decodes into anyValue, a struct whose generated
// method reads a top-level any. The caller checks decodesAny first.
func decodeAny(c *codecs.Codec, data []byte) (any, error) {
	if !c.Supports(codecs.DecodeMap) {
		var v anyValue
		err := c.Unmarshal(data, &v)
		return v.V, err
	}
	var v any
	err := c.Unmarshal(data, &v)
	return v, err
}

// anyValue is a top-level any for easyjson. Its method is what easyjson
// generates for an interface{} field, plus the check for trailing data that
// generated code makes on a top-level value.
type anyValue struct{ V any }

func (v *anyValue) UnmarshalEasyJSON(l *jlexer.Lexer) {
	v.V = l.Interface()
	l.Consumed()
}
