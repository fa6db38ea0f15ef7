package codecs

import "fmt"

// memcpy is the floor: it copies the document's bytes into a fresh buffer
// for every operation, the least any codec must do. It decodes into and
// encodes from a *[]byte holding the document.
var memcpy = &Codec{
	Name:     "memcpy",
	Category: Floor,
	Ops:      FullOps,
	Marshal: func(v any) ([]byte, error) {
		b, ok := v.(*[]byte)
		if !ok {
			return nil, fmt.Errorf("memcpy: copies *[]byte, not %T", v)
		}
		return append(make([]byte, 0, len(*b)), *b...), nil
	},
	Unmarshal: func(data []byte, v any) error {
		dst, ok := v.(*[]byte)
		if !ok {
			return fmt.Errorf("memcpy: copies into *[]byte, not %T", v)
		}
		*dst = append(make([]byte, 0, len(data)), data...)
		return nil
	},
}
