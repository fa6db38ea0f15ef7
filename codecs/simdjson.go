package codecs

import (
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/minio/simdjson-go"
)

// simdjsonGo is github.com/minio/simdjson-go, get5 only: SIMD parsing and validation of the whole document into a
// tape (AVX2 and CLMUL on amd64), with a ParsedJson reused call to call as its users reuse one, then a walk of the
// tape to each path. Its own map view (Iter.Interface) decodes integers as int64, which encoding/json's
// map[string]any does not, so decode-map is not among its operations. On any other CPU (arm64 among them) every
// call fails, so there it is nil and leaves the registry, as json-v2 does without the jsonv2 experiment.
var simdjsonGo = func() *Codec {
	if !simdjson.SupportedCPU() {
		return nil
	}
	return getOnly("simdjson-go", "github.com/minio/simdjson-go", simdjsonGetter,
		"decoding of anything off the paths into Go values (it stays in the tape)")
}()

// parsedPool holds the ParsedJson each parse reuses, one per goroutine in flight.
var parsedPool sync.Pool

func simdjsonGetter(paths [][]string) func([]byte) ([][]byte, error) {
	return func(data []byte) ([][]byte, error) {
		reuse, _ := parsedPool.Get().(*simdjson.ParsedJson)
		pj, err := simdjson.Parse(data, reuse)
		if err != nil {
			return nil, err
		}
		defer parsedPool.Put(pj)
		iter := pj.Iter()
		iter.Advance()
		_, root, err := iter.Root(nil)
		if err != nil {
			return nil, err
		}
		out := make([][]byte, len(paths))
		for i, p := range paths {
			it, err := simdjsonFollow(*root, p)
			if err != nil {
				return nil, fmt.Errorf("path %q: %w", p, err) // so every path is found when it returns none
			}
			if out[i], err = it.MarshalJSON(); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
}

// simdjsonFollow steps from it along path: a name in an object, a decimal index in an array.
func simdjsonFollow(it simdjson.Iter, path []string) (simdjson.Iter, error) {
	for _, seg := range path {
		switch it.Type() {
		case simdjson.TypeObject:
			obj, err := it.Object(nil)
			if err != nil {
				return it, err
			}
			e := obj.FindKey(seg, nil)
			if e == nil {
				return it, fmt.Errorf("no member %q", seg)
			}
			it = e.Iter
		case simdjson.TypeArray:
			arr, err := it.Array(nil)
			if err != nil {
				return it, err
			}
			n, err := strconv.Atoi(seg)
			if err != nil {
				return it, fmt.Errorf("index %q: %w", seg, err)
			}
			elems := arr.Iter()
			for range n {
				elems.Advance()
			}
			if t, err := elems.AdvanceIter(&it); err != nil || t == simdjson.TypeNone {
				return it, fmt.Errorf("no element %d", n)
			}
		default:
			return it, errors.New("steps into a scalar")
		}
	}
	return it, nil
}
