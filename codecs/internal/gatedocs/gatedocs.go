// Package gatedocs holds the small built-in documents the codecs package
// tests its correctness gate on, with their Go types. easyjson code for the
// types is generated beside them (go generate), so every configuration,
// easyjson included, goes through the gate on the same documents.
package gatedocs

//go:generate go tool easyjson -no_std_marshalers gatedocs.go

import "time"

// Doc is one built-in document.
type Doc struct {
	Name    string
	JSON    string
	New     func() any
	NewProj func() any
	Paths   [][]string
}

// Flat is a flat object with one value of each kind.
//
//easyjson:json
type Flat struct {
	Name    string    `json:"name"`
	Count   int64     `json:"count"`
	Ratio   float64   `json:"ratio"`
	OK      bool      `json:"ok"`
	Created time.Time `json:"created_at"`
	Note    string    `json:"note"`
}

// FlatProj is Flat projected to three fields.
//
//easyjson:json
type FlatProj struct {
	Name  string  `json:"name"`
	Ratio float64 `json:"ratio"`
	OK    bool    `json:"ok"`
}

// Nested is an object with objects and arrays inside.
//
//easyjson:json
type Nested struct {
	ID   int64 `json:"id"`
	User struct {
		Name    string `json:"name"`
		Address struct {
			City string `json:"city"`
			Zip  string `json:"zip"`
		} `json:"address"`
	} `json:"user"`
	Tags []string `json:"tags"`
}

// Arrays holds arrays of each kind, nested and empty.
//
//easyjson:json
type Arrays struct {
	Ints   []int64             `json:"ints"`
	Floats []float64           `json:"floats"`
	Matrix [][]int64           `json:"matrix"`
	Objs   []map[string]string `json:"objs"`
	Empty  []string            `json:"empty"`
}

// Unicode holds strings that need escaping or are not ASCII.
//
//easyjson:json
type Unicode struct {
	Korean  string `json:"ko"`
	Emoji   string `json:"emoji"`
	Escaped string `json:"escaped"`
	HTML    string `json:"html"`
	LineSep string `json:"line_sep"`
}

// Numbers holds numbers at the edges of int64 and float64.
//
//easyjson:json
type Numbers struct {
	MaxInt   int64   `json:"max_int"`
	MinInt   int64   `json:"min_int"`
	MaxFloat float64 `json:"max_float"`
	MinFloat float64 `json:"min_float"`
	Big      float64 `json:"big"`
	Small    float64 `json:"small"`
	Third    float64 `json:"third"`
}

// All returns the built-in documents.
func All() []Doc {
	return []Doc{
		{
			Name:    "flat",
			JSON:    `{"name":"alpha beta","count":42,"ratio":0.125,"ok":true,"created_at":"2024-03-01T12:30:45Z","note":"last"}`,
			New:     func() any { return new(Flat) },
			NewProj: func() any { return new(FlatProj) },
			Paths:   [][]string{{"name"}, {"count"}, {"ratio"}, {"ok"}, {"created_at"}},
		},
		{
			Name:  "nested",
			JSON:  `{"id":7,"user":{"name":"kim","address":{"city":"Seoul","zip":"04524"}},"tags":["a","b","c"]}`,
			New:   func() any { return new(Nested) },
			Paths: [][]string{{"id"}, {"user", "name"}, {"user", "address", "city"}, {"tags", "1"}, {"tags", "2"}},
		},
		{
			Name: "arrays",
			JSON: `{"ints":[1,-2,3],"floats":[1.5,-2.25,1e-7],"matrix":[[1,2],[3],[]],"objs":[{"k":"v"},{"a":"b"}],"empty":[]}`,
			New:  func() any { return new(Arrays) },
		},
		{
			Name: "unicode",
			JSON: `{"ko":"서울특별시","emoji":"😀 ok","escaped":"tab\tquote\"back\\slash\n","html":"<a href=\"x\">&amp;</a>","line_sep":"a\u2028b\u2029c"}`,
			New:  func() any { return new(Unicode) },
		},
		{
			Name: "numbers",
			JSON: `{"max_int":9223372036854775807,"min_int":-9223372036854775808,"max_float":1.7976931348623157e+308,"min_float":5e-324,"big":1e+21,"small":1e-7,"third":0.3333333333333333}`,
			New:  func() any { return new(Numbers) },
		},
	}
}
