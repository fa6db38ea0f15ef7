package probes

// spaced is a json.Marshaler whose output carries insignificant whitespace.
type spaced struct{}

func (spaced) MarshalJSON() ([]byte, error) { return []byte(`{ "a" : [ 1 , 2 ] }`), nil }
