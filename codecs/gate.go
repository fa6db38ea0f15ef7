package codecs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"sync"

	"github.com/google/go-cmp/cmp"

	"github.com/jsoncost/jsoncost/internal/jsonvalue"
)

// Input is one document as the gate and the benchmarks see it, made by
// NewInput: it computes each reference output once for every configuration.
type Input struct {
	Doc     []byte     // the JSON document
	New     func() any // a fresh pointer to the document's struct type
	NewProj func() any // a fresh pointer to the projected type; nil if none
	Paths   [][]string // the paths get5 reads; nil if none

	memo *sync.Map // key → the sync.OnceValue computing its reference output
}

// NewInput returns an Input whose reference outputs are computed once.
func NewInput(doc []byte, newValue, newProj func() any, paths [][]string) Input {
	return Input{Doc: doc, New: newValue, NewProj: newProj, Paths: paths, memo: new(sync.Map)}
}

// ref is one reference output: a decoded value and, for encoders, the bytes
// encoding/json writes for it and those bytes decoded as a JSON value.
type ref struct {
	v, tree any
	bytes   []byte
	err     error
}

// once returns compute's result for key, computed once per Input.
func (in Input) once(key string, compute func() ref) ref {
	f, _ := in.memo.LoadOrStore(key, sync.OnceValue(compute))
	return f.(func() ref)()
}

// Target returns what makes a fresh value of op's type: the document's
// struct, map[string]any, or the projected type for decode-proj (maybe nil).
func (in Input) Target(op Op) func() any {
	switch op {
	case DecodeMap, EncodeMap:
		return NewMap
	case DecodeProj:
		return in.NewProj
	}
	return in.New
}

// NewMap returns a fresh *map[string]any.
func NewMap() any { return new(map[string]any) }

// Check runs op once with c on in and compares the output with the
// reference. Decoded values must deeply equal the reference decoder's
// (json-v2's for v2, encoding/json's otherwise); encoded bytes must equal
// encoding/json's for std and be the same JSON value (within FloatDigits)
// for the others; get5 values must be the values at their paths. The error
// names the codec, the operation and the first difference.
func Check(c *Codec, op Op, in Input) (err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("gate: codec %s: %s: %w", c.Name, op, err)
		}
	}()
	switch {
	case !c.Supports(op):
		return errors.New("operation not supported")
	case in.Target(op) == nil:
		return errors.New("document has no projected type")
	case op == Get5:
		return checkGet(c, in)
	case op.Encodes():
		return checkEncode(c, op, in)
	}
	reference := encodingJSON
	if c.Category == V2 {
		reference = jsonV2
	}
	want := in.once("decode "+reference.Name+" "+string(op), func() ref {
		v := in.Target(op)()
		if err := reference.Unmarshal(in.Doc, v); err != nil {
			return ref{err: fmt.Errorf("reference %s cannot decode the document: %w", reference.Name, err)}
		}
		return ref{v: v}
	})
	if want.err != nil {
		return want.err
	}
	got := in.Target(op)()
	if err := c.Unmarshal(in.Doc, got); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	return diffValues(got, want.v)
}

// Encoded returns the value every encoder is handed for op (encoding/json's
// decoding into op's type; roundtrip's is encode-struct's) and the bytes
// encoding/json writes for it, computed once per Input.
func Encoded(in Input, op Op) (v any, want []byte, err error) {
	r := encoded(in, op)
	return r.v, r.bytes, r.err
}

func encoded(in Input, op Op) ref {
	if op == Roundtrip {
		op = EncodeStruct
	}
	return in.once("encode "+string(op), func() ref {
		v := in.Target(op)()
		if err := json.Unmarshal(in.Doc, v); err != nil {
			return ref{err: fmt.Errorf("encoding-json cannot decode the document: %w", err)}
		}
		b, err := json.Marshal(v)
		if err != nil {
			return ref{err: fmt.Errorf("encoding-json cannot encode the value: %w", err)}
		}
		tree, err := jsonvalue.Decode(b)
		if err != nil {
			return ref{err: fmt.Errorf("encoding/json output is not valid JSON: %w", err)}
		}
		return ref{v: v, bytes: b, tree: tree}
	})
}

// checkEncode encodes encoding/json's value (roundtrip: c's own decoding)
// and applies the encode rule of c's category.
func checkEncode(c *Codec, op Op, in Input) error {
	want := encoded(in, op)
	if want.err != nil {
		return want.err
	}
	v := want.v
	if op == Roundtrip {
		v = in.New()
		if err := c.Unmarshal(in.Doc, v); err != nil {
			return fmt.Errorf("decode: %w", err)
		}
	}
	got, err := c.Marshal(v)
	switch {
	case err != nil:
		return fmt.Errorf("encode: %w", err)
	case bytes.Equal(got, want.bytes):
		return nil // the same bytes are the same value
	case c.Category == Std:
		i := 0
		for i < min(len(got), len(want.bytes)) && got[i] == want.bytes[i] {
			i++
		}
		excerpt := func(b []byte) []byte { return b[max(i-20, 0):min(i+20, len(b))] }
		return fmt.Errorf("output differs from encoding/json at byte %d: got %q, want %q", i, excerpt(got), excerpt(want.bytes))
	}
	tree, err := jsonvalue.Decode(got)
	if err != nil {
		return fmt.Errorf("output is not valid JSON: %w", err)
	}
	return jsonvalue.Diff(tree, want.tree, c.FloatDigits)
}

func checkGet(c *Codec, in Input) error {
	if len(in.Paths) == 0 {
		return errors.New("document has no get5 paths")
	}
	whole := in.once("values", func() ref {
		v, err := jsonvalue.Decode(in.Doc)
		if err != nil {
			return ref{err: fmt.Errorf("encoding-json cannot decode the document: %w", err)}
		}
		return ref{v: v}
	})
	if whole.err != nil {
		return whole.err
	}
	raws, err := c.Get(in.Paths)(in.Doc)
	if err != nil {
		return fmt.Errorf("get: %w", err)
	}
	if len(raws) != len(in.Paths) {
		return fmt.Errorf("got %d values for %d paths", len(raws), len(in.Paths))
	}
	for i, p := range in.Paths {
		want, err := follow(whole.v, p)
		if err != nil {
			return err
		}
		got, err := jsonvalue.Decode(raws[i])
		if err != nil {
			return fmt.Errorf("path %q: value %q is not valid JSON: %w", p, raws[i], err)
		}
		if err := jsonvalue.Diff(got, want, 0); err != nil {
			return fmt.Errorf("path %q: %w", p, err)
		}
	}
	return nil
}

// follow returns the value at path p inside v, a document decoded into any.
func follow(v any, p []string) (any, error) {
	for i, seg := range p {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[seg]; !ok {
				return nil, fmt.Errorf("path %q: no member %q", p, p[:i+1])
			}
		case []any:
			n, err := strconv.Atoi(seg)
			if err != nil || n < 0 || n >= len(x) {
				return nil, fmt.Errorf("path %q: no element %q", p, p[:i+1])
			}
			v = x[n]
		default:
			return nil, fmt.Errorf("path %q: %q is not an object or array", p, p[:i])
		}
	}
	return v, nil
}

// diffValues reports the first path at which got and want differ: equal
// values take reflect.DeepEqual's fast path, cmp (time.Time's Equal) the rest.
func diffValues(got, want any) error {
	if reflect.DeepEqual(got, want) {
		return nil
	}
	var r firstDiff
	if cmp.Equal(got, want, cmp.Reporter(&r)) {
		return nil
	}
	return fmt.Errorf("differs at %s", r.diff)
}

// firstDiff is a cmp.Reporter that keeps the first difference found.
type firstDiff struct {
	path cmp.Path
	diff string
}

func (r *firstDiff) PushStep(ps cmp.PathStep) { r.path = append(r.path, ps) }
func (r *firstDiff) PopStep()                 { r.path = r.path[:len(r.path)-1] }

func (r *firstDiff) Report(rs cmp.Result) {
	if rs.Equal() || r.diff != "" {
		return
	}
	var path string
	for _, step := range r.path[1:] {
		switch step.(type) {
		case cmp.Indirect, cmp.TypeAssertion:
		default:
			path += step.String()
		}
	}
	if path == "" {
		path = "the root"
	}
	vx, vy := r.path.Last().Values()
	r.diff = fmt.Sprintf("%s: got %s, want %s", path, show(vx), show(vy))
}

func show(v reflect.Value) string {
	switch {
	case !v.IsValid():
		return "(missing)"
	case !v.CanInterface():
		return "(unexported)"
	}
	return fmt.Sprintf("%#v", v.Interface())
}
