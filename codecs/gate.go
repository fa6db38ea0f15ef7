package codecs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"sync"

	"github.com/google/go-cmp/cmp"

	"github.com/jsoncost/jsoncost/internal/jsonvalue"
)

// Input is one document as the gate and the benchmarks see it. Make it
// with NewInput to have the gate compute each reference output once and
// keep it for every configuration checked against the same Input.
type Input struct {
	Doc     []byte     // the JSON document
	New     func() any // a fresh pointer to the document's struct type
	NewProj func() any // a fresh pointer to the projected type; nil if none
	Paths   [][]string // the paths get5 reads; nil if none

	memo *memo // reference outputs already computed; nil computes afresh
}

// NewInput returns an Input whose reference outputs are computed once.
func NewInput(doc []byte, newValue, newProj func() any, paths [][]string) Input {
	return Input{Doc: doc, New: newValue, NewProj: newProj, Paths: paths, memo: &memo{m: map[string]refOut{}}}
}

// memo keeps reference outputs by what produced them.
type memo struct {
	mu sync.Mutex
	m  map[string]refOut
}

// refOut is one reference output: a decoded value and, for encoders, the
// bytes encoding/json writes for it.
type refOut struct {
	v     any
	bytes []byte
	err   error
}

// once returns the output compute gives for key, computing it at most once
// per Input made by NewInput.
func (in Input) once(key string, compute func() refOut) refOut {
	if in.memo == nil {
		return compute()
	}
	in.memo.mu.Lock()
	defer in.memo.mu.Unlock()
	out, ok := in.memo.m[key]
	if !ok {
		out = compute()
		in.memo.m[key] = out
	}
	return out
}

// referenceFor returns the configuration whose decoded values c's are
// compared with: json-v2 for the v2 category, encoding/json for every other.
func referenceFor(c *Codec) *Codec {
	if c.Category == V2 {
		return jsonV2
	}
	return encodingJSON
}

// Check runs op once with c on in and compares the output with the
// reference. Decoded values must be deeply equal to what the reference
// decoder (json-v2 for the v2 category, encoding/json otherwise) decodes;
// encoded bytes must equal encoding/json's for the std category and be the
// same JSON value for the others (within FloatDigits decimal places where
// the codec declares them); get5 values must be the values at their paths.
// The error names the codec, the operation and the first difference.
func Check(c *Codec, op Op, in Input) error {
	if err := check(c, op, in); err != nil {
		return fmt.Errorf("gate: codec %s: %s: %w", c.Name, op, err)
	}
	return nil
}

func check(c *Codec, op Op, in Input) error {
	if !c.Supports(op) {
		return fmt.Errorf("operation not supported")
	}
	newValue := in.Target(op)
	if newValue == nil {
		return fmt.Errorf("document has no projected type")
	}
	switch op {
	case DecodeStruct, DecodeMap, DecodeProj:
		return checkDecode(c, in, op, newValue)
	case EncodeStruct, EncodeMap:
		return checkEncode(c, in, op)
	case Roundtrip:
		return checkRoundtrip(c, in, newValue)
	case Get5:
		return checkGet(c, in)
	}
	return fmt.Errorf("unknown operation")
}

// Target returns what makes a fresh value of the type op decodes into or
// encodes from: the document's struct type, map[string]any for the map
// operations, the projected type for decode-proj (nil when there is none).
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

func checkDecode(c *Codec, in Input, op Op, newValue func() any) error {
	ref := referenceFor(c)
	want := in.once("decode "+ref.Name+" "+string(op), func() refOut {
		v := newValue()
		if err := ref.Unmarshal(in.Doc, v); err != nil {
			return refOut{err: fmt.Errorf("reference %s cannot decode the document: %w", ref.Name, err)}
		}
		return refOut{v: v}
	})
	if want.err != nil {
		return want.err
	}
	got := newValue()
	if err := c.Unmarshal(in.Doc, got); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	return diffValues(got, want.v)
}

// Encoded returns the value every encoder is handed for op (encoding/json's
// decoding of the document into op's type) and the bytes encoding/json
// writes for it: what encoders are held to. With an Input made by NewInput
// it computes both once.
func Encoded(in Input, op Op) (v any, want []byte, err error) {
	newValue := in.Target(op)
	out := in.once("encode "+string(op), func() refOut {
		v := newValue()
		if err := json.Unmarshal(in.Doc, v); err != nil {
			return refOut{err: fmt.Errorf("encoding-json cannot decode the document: %w", err)}
		}
		b, err := json.Marshal(v)
		if err != nil {
			return refOut{err: fmt.Errorf("encoding-json cannot encode the value: %w", err)}
		}
		return refOut{v: v, bytes: b}
	})
	return out.v, out.bytes, out.err
}

func checkEncode(c *Codec, in Input, op Op) error {
	v, want, err := Encoded(in, op)
	if err != nil {
		return err
	}
	got, err := c.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	return compareEncoded(c, got, want)
}

func checkRoundtrip(c *Codec, in Input, newValue func() any) error {
	_, want, err := Encoded(in, EncodeStruct)
	if err != nil {
		return err
	}
	v := newValue()
	if err := c.Unmarshal(in.Doc, v); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	got, err := c.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	return compareEncoded(c, got, want)
}

// compareEncoded applies the encode rule of c's category.
func compareEncoded(c *Codec, got, want []byte) error {
	if c.Category == Std {
		if i := firstByteDiff(got, want); i >= 0 {
			return fmt.Errorf("output differs from encoding/json at byte %d: got %q, want %q", i, excerpt(got, i), excerpt(want, i))
		}
		return nil
	}
	if bytes.Equal(got, want) {
		return nil // the same bytes are the same value
	}
	g, err := jsonvalue.Decode(got)
	if err != nil {
		return fmt.Errorf("output is not valid JSON: %w", err)
	}
	w, err := jsonvalue.Decode(want)
	if err != nil {
		return fmt.Errorf("encoding/json output is not valid JSON: %w", err)
	}
	return jsonvalue.Diff(g, w, c.FloatDigits)
}

func checkGet(c *Codec, in Input) error {
	doc, paths := in.Doc, in.Paths
	if len(paths) == 0 {
		return fmt.Errorf("document has no get5 paths")
	}
	decoded := in.once("values", func() refOut {
		v, err := jsonvalue.Decode(doc)
		if err != nil {
			return refOut{err: fmt.Errorf("encoding-json cannot decode the document: %w", err)}
		}
		return refOut{v: v}
	})
	if decoded.err != nil {
		return decoded.err
	}
	whole := decoded.v
	raws, err := c.Get(paths)(doc)
	if err != nil {
		return fmt.Errorf("get: %w", err)
	}
	if len(raws) != len(paths) {
		return fmt.Errorf("got %d values for %d paths", len(raws), len(paths))
	}
	for i, p := range paths {
		want, err := follow(whole, p)
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

// diffValues reports the first path at which got and want differ. The
// common case, equal values, takes reflect.DeepEqual's fast path; cmp,
// which knows time.Time's Equal method and names the path, runs otherwise.
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
	vx, vy := r.path.Last().Values()
	r.diff = fmt.Sprintf("%s: got %s, want %s", pathString(r.path), show(vx), show(vy))
}

func pathString(p cmp.Path) string {
	var s string
	for _, step := range p[1:] {
		switch step := step.(type) {
		case cmp.Indirect, cmp.TypeAssertion:
			continue
		default:
			s += step.String()
		}
	}
	if s == "" {
		return "the root"
	}
	return s
}

func excerpt(b []byte, i int) []byte {
	lo, hi := max(i-20, 0), min(i+20, len(b))
	return b[lo:hi]
}

func firstByteDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

func show(v reflect.Value) string {
	if !v.IsValid() {
		return "(missing)"
	}
	if !v.CanInterface() {
		return "(unexported)"
	}
	return fmt.Sprintf("%#v", v.Interface())
}
