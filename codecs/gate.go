package codecs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/big"
	"reflect"
	"slices"
	"strconv"

	"github.com/google/go-cmp/cmp"
)

// Input is one document as the gate and the benchmarks see it.
type Input struct {
	Doc     []byte     // the JSON document
	New     func() any // a fresh pointer to the document's struct type
	NewProj func() any // a fresh pointer to the projected type; nil if none
	Paths   [][]string // the paths get5 reads; nil if none
}

// Reference returns the configuration whose decoded values c's are compared
// with: json-v2 for the v2 category, encoding/json for every other.
func Reference(c *Codec) *Codec {
	if c.Category == V2 {
		return jsonV2
	}
	return encodingJSON
}

// Check runs op once with c on in and compares the output with the
// reference. Decoded values must be deeply equal to what Reference(c)
// decodes; encoded bytes must equal encoding/json's for the std category and
// be the same JSON value for the others (within FloatDigits decimal places
// where the codec declares them). The error names the codec, the operation
// and the first difference.
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
	if c.Category == Floor {
		return checkCopy(c, op, in.Doc)
	}
	switch op {
	case DecodeStruct:
		return checkDecode(c, in.Doc, in.New)
	case DecodeMap:
		return checkDecode(c, in.Doc, newMap)
	case DecodeProj:
		if in.NewProj == nil {
			return fmt.Errorf("document has no projected type")
		}
		return checkDecode(c, in.Doc, in.NewProj)
	case EncodeStruct:
		return checkEncode(c, in.Doc, in.New)
	case EncodeMap:
		return checkEncode(c, in.Doc, newMap)
	case Roundtrip:
		return checkRoundtrip(c, in.Doc, in.New)
	case Get5:
		return checkGet(c, in.Doc, in.Paths)
	}
	return fmt.Errorf("unknown operation")
}

func newMap() any { return new(map[string]any) }

func checkDecode(c *Codec, doc []byte, newValue func() any) error {
	want := newValue()
	if err := Reference(c).Unmarshal(doc, want); err != nil {
		return fmt.Errorf("reference %s cannot decode the document: %w", Reference(c).Name, err)
	}
	got := newValue()
	if err := c.Unmarshal(doc, got); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	return diffValues(got, want)
}

// reference decodes doc with encoding/json, giving the value every encoder
// is handed, and encodes that value again: the bytes encoders are held to.
func reference(doc []byte, newValue func() any) (v any, want []byte, err error) {
	v = newValue()
	if err := json.Unmarshal(doc, v); err != nil {
		return nil, nil, fmt.Errorf("encoding-json cannot decode the document: %w", err)
	}
	if want, err = json.Marshal(v); err != nil {
		return nil, nil, fmt.Errorf("encoding-json cannot encode the value: %w", err)
	}
	return v, want, nil
}

func checkEncode(c *Codec, doc []byte, newValue func() any) error {
	v, want, err := reference(doc, newValue)
	if err != nil {
		return err
	}
	got, err := c.Marshal(v)
	if err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	return compareEncoded(c, got, want)
}

func checkRoundtrip(c *Codec, doc []byte, newValue func() any) error {
	_, want, err := reference(doc, newValue)
	if err != nil {
		return err
	}
	v := newValue()
	if err := c.Unmarshal(doc, v); err != nil {
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
	g, err := decodeNumbers(got)
	if err != nil {
		return fmt.Errorf("output is not valid JSON: %w", err)
	}
	w, err := decodeNumbers(want)
	if err != nil {
		return fmt.Errorf("encoding/json output is not valid JSON: %w", err)
	}
	return diffJSON(g, w, numbersEqual(c.FloatDigits), "")
}

// SameJSON reports the first difference between two JSON documents compared
// as values: objects member by member, numbers by value (1e3 is 1000).
func SameJSON(got, want []byte) error {
	g, err := decodeNumbers(got)
	if err != nil {
		return fmt.Errorf("got is not valid JSON: %w", err)
	}
	w, err := decodeNumbers(want)
	if err != nil {
		return fmt.Errorf("want is not valid JSON: %w", err)
	}
	return diffJSON(g, w, numbersEqual(0), "")
}

func checkGet(c *Codec, doc []byte, paths [][]string) error {
	if len(paths) == 0 {
		return fmt.Errorf("document has no get5 paths")
	}
	whole, err := decodeNumbers(doc)
	if err != nil {
		return fmt.Errorf("encoding-json cannot decode the document: %w", err)
	}
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
		got, err := decodeNumbers(raws[i])
		if err != nil {
			return fmt.Errorf("path %q: value %q is not valid JSON: %w", p, raws[i], err)
		}
		if err := diffJSON(got, want, numbersEqual(0), ""); err != nil {
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

// checkCopy checks the floor: its output is the document itself.
func checkCopy(c *Codec, op Op, doc []byte) error {
	var got []byte
	var err error
	switch op {
	case DecodeStruct, DecodeMap, DecodeProj:
		err = c.Unmarshal(doc, &got)
	default:
		got, err = c.Marshal(&doc)
	}
	if err != nil {
		return err
	}
	if i := firstByteDiff(got, doc); i >= 0 {
		return fmt.Errorf("copy differs at byte %d", i)
	}
	return nil
}

func decodeNumbers(data []byte) (any, error) {
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
		if !ok1 || !ok2 {
			return false
		}
		d := new(big.Float).Sub(x, y)
		return d.Abs(d).Cmp(tol) <= 0
	}
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

// diffJSON compares two documents decoded into any with UseNumber, numbers
// by value with eq, and reports the first path at which they differ.
func diffJSON(got, want any, eq func(a, b json.Number) bool, path string) error {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			break
		}
		for _, k := range slices.Sorted(maps.Keys(w)) {
			wv := w[k]
			gv, ok := g[k]
			if !ok {
				return fmt.Errorf("differs at %s[%q]: got (missing), want %s", path, k, shortJSON(wv))
			}
			if err := diffJSON(gv, wv, eq, fmt.Sprintf("%s[%q]", path, k)); err != nil {
				return err
			}
		}
		for _, k := range slices.Sorted(maps.Keys(g)) {
			if _, ok := w[k]; !ok {
				return fmt.Errorf("differs at %s[%q]: got %s, want (missing)", path, k, shortJSON(g[k]))
			}
		}
		return nil
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			break
		}
		for i := range w {
			if err := diffJSON(g[i], w[i], eq, fmt.Sprintf("%s[%d]", path, i)); err != nil {
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
	return fmt.Errorf("differs at %s: got %s, want %s", path, shortJSON(got), shortJSON(want))
}

// shortJSON shows a decoded JSON value in at most 60 bytes.
func shortJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	if len(b) > 60 {
		return string(b[:57]) + "..."
	}
	return string(b)
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
