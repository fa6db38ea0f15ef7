// Package jsonvalue compares JSON documents as values: objects member by
// member whatever their order, arrays element by element, numbers by their
// decimal value (1e3 is 1000), strings and literals exactly.
//
// Documents are decoded with encoding/json's UseNumber, so no number loses
// precision on the way; Diff then walks both values and names the first path
// at which they differ, Walk visits the leaves of one. It imports no codec,
// so tests anywhere can use it.
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
	n := 0
	Walk(v, func(_ []string, v any) {
		switch v.(type) {
		case map[string]any, []any: // empty
		default:
			n++
		}
	})
	return n, nil
}

// Walk calls leaf with each scalar, null, empty object and empty array in
// v, a value Decode returned, and the steps to it: keys, and "" into an
// array. Members come in no particular order.
func Walk(v any, leaf func(steps []string, v any)) { walk(v, nil, leaf) }

func walk(v any, steps []string, leaf func([]string, any)) {
	n := 0 // the members or elements
	switch c := v.(type) {
	case map[string]any:
		for k, e := range c {
			walk(e, append(slices.Clip(steps), k), leaf)
		}
		n = len(c)
	case []any:
		for _, e := range c {
			walk(e, append(slices.Clip(steps), ""), leaf)
		}
		n = len(c)
	}
	if n == 0 {
		leaf(steps, v)
	}
}

// Diff compares two values returned by Decode, numbers within half a unit
// in the digits-th decimal place (exactly when digits is 0), and reports
// the first path, keys in sorted order, at which they differ.
func Diff(got, want any, digits int) error {
	tol := new(big.Float)
	if digits > 0 {
		tol.SetFloat64(0.5 * math.Pow10(-digits))
	}
	return diff(got, want, tol, "")
}

func diff(got, want any, tol *big.Float, path string) error {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			break
		}
		all := maps.Clone(g)
		maps.Copy(all, w)
		for _, k := range slices.Sorted(maps.Keys(all)) {
			gv, inGot := g[k]
			wv, inWant := w[k]
			at := fmt.Sprintf("%s[%q]", path, k)
			switch {
			case !inGot:
				return fmt.Errorf("differs at %s: got (missing), want %s", at, short(wv))
			case !inWant:
				return fmt.Errorf("differs at %s: got %s, want (missing)", at, short(gv))
			}
			if err := diff(gv, wv, tol, at); err != nil {
				return err
			}
		}
		return nil
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			break
		}
		for i := range w {
			if err := diff(g[i], w[i], tol, fmt.Sprintf("%s[%d]", path, i)); err != nil {
				return err
			}
		}
		return nil
	case json.Number:
		if g, ok := got.(json.Number); ok && (g == w || near(g, w, tol)) {
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
	return fmt.Errorf("differs at %s: got %s, want %s", path, short(got), short(want))
}

func near(a, b json.Number, tol *big.Float) bool {
	x, ok1 := new(big.Float).SetPrec(256).SetString(string(a))
	y, ok2 := new(big.Float).SetPrec(256).SetString(string(b))
	return ok1 && ok2 && x.Sub(x, y).Abs(x).Cmp(tol) <= 0
}

// short shows a decoded JSON value in at most 60 bytes.
func short(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 60 {
		return string(b[:57]) + "..."
	}
	return string(b)
}
