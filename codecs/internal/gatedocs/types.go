package gatedocs

//go:generate go tool easyjson -all -no_std_marshalers types.go

import "time"

type (
	// Flat is a flat object with one value of each kind.
	Flat struct {
		Name    string    `json:"name"`
		Count   int64     `json:"count"`
		Ratio   float64   `json:"ratio"`
		OK      bool      `json:"ok"`
		Created time.Time `json:"created_at"`
		Note    string    `json:"note"`
	}
	// FlatProj is Flat projected to three fields.
	FlatProj struct {
		Name  string  `json:"name"`
		Ratio float64 `json:"ratio"`
		OK    bool    `json:"ok"`
	}
	// Nested is an object with objects and arrays inside.
	Nested struct {
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
	Arrays struct {
		Ints   []int64             `json:"ints"`
		Floats []float64           `json:"floats"`
		Matrix [][]int64           `json:"matrix"`
		Objs   []map[string]string `json:"objs"`
		Empty  []string            `json:"empty"`
	}
	// Unicode holds strings that need escaping or are not ASCII.
	Unicode struct {
		Korean  string `json:"ko"`
		Emoji   string `json:"emoji"`
		Escaped string `json:"escaped"`
		HTML    string `json:"html"`
		LineSep string `json:"line_sep"`
	}
	// Numbers holds numbers at the edges of int64 and float64.
	Numbers struct {
		MaxInt   int64   `json:"max_int"`
		MinInt   int64   `json:"min_int"`
		MaxFloat float64 `json:"max_float"`
		MinFloat float64 `json:"min_float"`
		Big      float64 `json:"big"`
		Small    float64 `json:"small"`
		Third    float64 `json:"third"`
	}
)
