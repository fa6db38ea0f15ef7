// Package jsonvalue compares JSON documents as values: objects member by
// member whatever their order, arrays element by element, numbers by their
// decimal value (1e3 is 1000), strings and literals exactly.
//
// Documents are decoded with encoding/json's UseNumber, so no number loses
// precision on the way; Diff then walks both values and names the first path
// at which they differ. It imports no codec, so tests anywhere can use it.
package jsonvalue

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"
)

// Same reports the first difference between two JSON documents compared as
// values, or nil when they are the same value.
func Same(got, want []byte) error {
	return SameWithin(got, want, 0)
}

// SameWithin is Same with numbers allowed to differ by half a unit in the
// digits-th decimal place (exactly equal when digits is 0).
func SameWithin(got, want []byte, digits int) error {
	g, err := Decode(got)
	if err != nil {
		return fmt.Errorf("got is not valid JSON: %w", err)
	}
	w, err := Decode(want)
	if err != nil {
		return fmt.Errorf("want is not valid JSON: %w", err)
	}
	return Diff(g, w, digits)
}

// Decode decodes one JSON value with numbers kept as json.Number; trailing
// data after the value is an error.
func Decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("trailing data after the value")
	}
	return v, nil
}

// Scalars returns the number of scalar values, null included, in the JSON
// document data: the fields a benchmark's ns/field divides by.
func Scalars(data []byte) (int, error) {
	v, err := Decode(data)
	if err != nil {
		return 0, err
	}
	var count func(v any) int
	count = func(v any) int {
		n := 0
		switch v := v.(type) {
		case map[string]any:
			for _, e := range v {
				n += count(e)
			}
		case []any:
			for _, e := range v {
				n += count(e)
			}
		default:
			n = 1
		}
		return n
	}
	return count(v), nil
}

// Diff compares two values returned by Decode, numbers within digits
// decimal places (exactly when 0), and reports the first path at which they
// differ.
func Diff(got, want any, digits int) error {
	return diff(got, want, numbersEqual(digits), "")
}

func diff(got, want any, eq func(a, b json.Number) bool, path string) error {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			break
		}
		for _, k := range slices.Sorted(maps.Keys(w)) {
			if _, ok := g[k]; !ok {
				return fmt.Errorf("differs at %s[%q]: got (missing), want %s", path, k, Short(w[k]))
			}
			if err := diff(g[k], w[k], eq, fmt.Sprintf("%s[%q]", path, k)); err != nil {
				return err
			}
		}
		for _, k := range slices.Sorted(maps.Keys(g)) {
			if _, ok := w[k]; !ok {
				return fmt.Errorf("differs at %s[%q]: got %s, want (missing)", path, k, Short(g[k]))
			}
		}
		return nil
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			break
		}
		for i := range w {
			if err := diff(g[i], w[i], eq, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	case json.Number:
		if g, ok := got.(json.Number); ok && eq(g, w) {
			return nil
		}
	default:
		if got == want {
			return nil
		}
	}
	if path == "" {
		path = "the root"
	}
	return fmt.Errorf("differs at %s: got %s, want %s", path, Short(got), Short(want))
}

// numbersEqual compares two JSON numbers by value: exactly, or within
// half a unit in the digits-th decimal place when digits > 0.
func numbersEqual(digits int) func(a, b json.Number) bool {
	tol := new(big.Float)
	if digits > 0 {
		tol.SetFloat64(0.5 * math.Pow10(-digits))
	}
	return func(a, b json.Number) bool {
		if a == b {
			return true
		}
		x, ok1 := new(big.Float).SetPrec(256).SetString(string(a))
		y, ok2 := new(big.Float).SetPrec(256).SetString(string(b))
		return ok1 && ok2 && x.Sub(x, y).Abs(x).Cmp(tol) <= 0
	}
}

// Short shows a decoded JSON value in at most 60 bytes.
func Short(v any) string {
	b, err := json.Marshal(v)
	switch {
	case err != nil:
		return fmt.Sprintf("%v", v)
	case len(b) > 60:
		return string(b[:57]) + "..."
	}
	return string(b)
}
