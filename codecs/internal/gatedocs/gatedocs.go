// Package gatedocs holds the built-in documents the codecs package tests its
// correctness gate on, with their Go types and easyjson code generated for
// them, so that every configuration meets the same documents.
package gatedocs

// Doc is one built-in document.
type Doc struct {
	Name    string
	JSON    string
	New     func() any
	NewProj func() any
	Paths   [][]string
}

// All returns the built-in documents.
func All() []Doc {
	return []Doc{
		{Name: "flat", New: func() any { return new(Flat) }, NewProj: func() any { return new(FlatProj) },
			JSON:  `{"name":"alpha beta","count":42,"ratio":0.125,"ok":true,"created_at":"2024-03-01T12:30:45Z","note":"last"}`,
			Paths: [][]string{{"name"}, {"count"}, {"ratio"}, {"ok"}, {"created_at"}}},
		{Name: "nested", New: func() any { return new(Nested) },
			JSON:  `{"id":7,"user":{"name":"kim","address":{"city":"Seoul","zip":"04524"}},"tags":["a","b","c"]}`,
			Paths: [][]string{{"id"}, {"user", "name"}, {"user", "address", "city"}, {"tags", "1"}, {"tags", "2"}}},
		{Name: "arrays", New: func() any { return new(Arrays) },
			JSON: `{"ints":[1,-2,3],"floats":[1.5,-2.25,1e-7],"matrix":[[1,2],[3],[]],"objs":[{"k":"v"},{"a":"b"}],"empty":[]}`},
		{Name: "unicode", New: func() any { return new(Unicode) },
			JSON: `{"ko":"서울특별시","emoji":"😀 ok","escaped":"tab\tquote\"back\\slash\n","html":"<a href=\"x\">&amp;</a>","line_sep":"a\u2028b\u2029c"}`},
		{Name: "numbers", New: func() any { return new(Numbers) },
			JSON: `{"max_int":9223372036854775807,"min_int":-9223372036854775808,"max_float":1.7976931348623157e+308,"min_float":5e-324,"big":1e+21,"small":1e-7,"third":0.3333333333333333}`},
	}
}
