package main

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/jsoncost/jsoncost/gen/infer"
	"github.com/jsoncost/jsoncost/internal/jsonvalue"
)

// A fixture is one document with its Go type and, when it has one, its
// projected type.
type fixture struct {
	name, family string
	data         []byte      // the JSON document
	fields       int         // scalar values in data
	typ          *infer.Type // named after the fixture
	proj         *infer.Type // the 5-field projection; nil when none
	get5         string      // Go expression of the projected fields' paths
}

// esHitsProj names the projected type of every es-hits fixture: a search
// response whose hits' _source holds the source5 fields.
const esHitsProj = "EsHitsProj"

// synthetic returns the generated fixtures in family order.
func synthetic() ([]*fixture, error) {
	var builds []func() (*fixture, error)
	for _, n := range []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		builds = append(builds, func() (*fixture, error) { return fieldsFixture(n) })
	}
	for _, s := range []struct {
		name string
		size int
	}{
		{"bytes-0.25k", 256}, {"bytes-0001k", 1 << 10}, {"bytes-0004k", 4 << 10}, {"bytes-0016k", 16 << 10},
		{"bytes-0064k", 64 << 10}, {"bytes-0256k", 256 << 10}, {"bytes-1024k", 1 << 20},
	} {
		builds = append(builds, func() (*fixture, error) { return bytesFixture(s.name, s.size) })
	}
	for _, n := range []int{8, 32, 128, 512} {
		builds = append(builds, func() (*fixture, error) { return equalBytesFixture(n) })
	}
	for d := 1; d <= 8; d++ {
		builds = append(builds, func() (*fixture, error) { return nestedFixture(d) })
	}
	for _, variant := range []string{"full", "source5"} {
		for _, hits := range []int{1, 10, 100} {
			builds = append(builds, func() (*fixture, error) { return esHitsFixture(hits, variant) })
		}
	}
	fs := make([]*fixture, len(builds))
	for i, build := range builds {
		f, err := build()
		if err != nil {
			return nil, err
		}
		fs[i] = f
	}
	return fs, nil
}

// newFixture encodes doc and derives its type and, when projected, its
// projection's (see project).
func newFixture(name, family string, doc *object, projected bool) (*fixture, error) {
	var proj *object
	get5 := ""
	if projected {
		proj, get5 = project(doc, doc.name+"Proj")
	}
	return withProj(name, family, doc, proj, get5)
}

// withProj encodes doc and derives its type and that of proj, whose
// fields get5 (a Go expression) reads; proj may be nil.
func withProj(name, family string, doc, proj *object, get5 string) (*fixture, error) {
	data, err := appendJSON(nil, doc)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	n, err := jsonvalue.Scalars(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	f := &fixture{name: name, family: family, data: data, fields: n, typ: goType(doc), get5: get5}
	if proj != nil {
		f.proj = goType(proj)
	}
	return f, nil
}

// fieldValues returns the values of fs in the fields family: field k has
// the same value in every fixture that has it.
func fieldValues(fs []field) []any {
	r := newRand("fields")
	vs := make([]any, len(fs))
	for i, f := range fs {
		vs[i] = value(r, f.kind)
	}
	return vs
}

// fieldsFixture is fields-NNNN: n flat fields, each fixture the one before
// it with more fields appended; from five fields on, with a projection.
func fieldsFixture(n int) (*fixture, error) {
	name := fmt.Sprintf("fields-%04d", n)
	fs := namedFields(n)
	doc := flat(infer.GoName(name), fs, fieldValues(fs))
	return newFixture(name, "fields", doc, n >= projWidth)
}

// bytesFixture is bytes-*: the ten fields of fields-0010 with their string
// values grown until the document is size bytes.
func bytesFixture(name string, size int) (*fixture, error) {
	fs := namedFields(10)
	doc := flat(infer.GoName(name), fs, fieldValues(fs))
	if err := fill(doc, size, newRand(name)); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return newFixture(name, "bytes", doc, true)
}

// equalBytesSize is the size of every equal-bytes fixture.
const equalBytesSize = 8 << 10

// equalBytesFixture is equal-bytes-fNNN: n fields in equalBytesSize bytes.
// To fit 512 fields, keys are 8 bytes ("attr_001"), numbers are short and
// there are no timestamps; strings take the rest.
func equalBytesFixture(n int) (*fixture, error) {
	name := fmt.Sprintf("equal-bytes-f%03d", n)
	r := newRand(name)
	doc := &object{name: infer.GoName(name)}
	for k := range n {
		var v any
		switch k % 4 {
		case 0:
			v = ""
		case 1:
			v = r.Int64N(100)
		case 2:
			v = thousandths(r.IntN(1000))
		case 3:
			v = r.IntN(2) == 1
		}
		doc.add(fmt.Sprintf("attr_%03d", k+1), v)
	}
	if err := fill(doc, equalBytesSize, r); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return newFixture(name, "equal-bytes", doc, true)
}

// fill sets the string values of o, evenly, to text that makes o's
// encoding exactly size bytes.
func fill(o *object, size int, r *rand.Rand) error {
	var strs []int
	for i, v := range o.values {
		if _, ok := v.(string); ok {
			o.values[i] = ""
			strs = append(strs, i)
		}
	}
	empty, err := appendJSON(nil, o)
	if err != nil {
		return err
	}
	room := size - len(empty)
	if len(strs) == 0 || room < len(strs) {
		return fmt.Errorf("%d bytes without string content leave no room for %d strings in %d", len(empty), len(strs), size)
	}
	for j, i := range strs {
		o.values[i] = text(r, share(room, len(strs), j))
	}
	return nil
}

// share returns the size of part i of total split into parts as evenly as
// possible, larger parts first.
func share(total, parts, i int) int {
	if i < total%parts {
		return total/parts + 1
	}
	return total / parts
}

// nestedLeaves is the number of leaves of every nested fixture.
const nestedLeaves = 64

// nestedFixture is nested-dD: the first 64 fields of the fields family
// spread evenly over d levels, each level but the last holding the next
// one as its last field.
func nestedFixture(d int) (*fixture, error) {
	name := fmt.Sprintf("nested-d%d", d)
	fs := namedFields(nestedLeaves)
	vs := fieldValues(fs)
	root := &object{name: infer.GoName(name)}
	o, next := root, 0
	for level := 1; level <= d; level++ {
		n := share(nestedLeaves, d, level-1)
		for _, f := range fs[next : next+n] {
			o.add(f.key, vs[next])
			next++
		}
		if level < d {
			child := &object{name: fmt.Sprintf("%sL%d", root.name, level+1)}
			o.add(fmt.Sprintf("nested_level_%d", level+1), child)
			o = child
		}
	}
	return newFixture(name, "nested", root, true)
}

// sourceFields is the number of fields in a full hit's _source: those of
// fields-0050.
const sourceFields = 50

// source5 are the indices of the _source fields of a source5 response,
// which every es-hits projection and get5 read: five spread through the
// fifty.
var source5 = spread(sourceFields)

// esHitsFixture is es-hits-H-full or es-hits-H-source5, the same response
// with each _source filtered to the source5 fields, as Elasticsearch's
// _source_includes returns it.
func esHitsFixture(hits int, variant string) (*fixture, error) {
	name := fmt.Sprintf("es-hits-%d-%s", hits, variant)
	source, keep := "Fields0050", []int(nil)
	if variant == "source5" {
		source, keep = "EsSource5", source5
	}
	doc := esHits(infer.GoName(name), infer.GoName(variant), source, hits, keep)
	proj := esHits(esHitsProj, "Proj", "EsSource5", 1, source5)
	return withProj(name, "es-hits", doc, proj, fmt.Sprintf("hitPaths(%d, esSource5)", hits))
}

// esHits returns an Elasticsearch search response, a struct called root,
// with hits hits whose _source (a struct called source) holds the fields
// of fields-0050 at the indices keep, or all of them when keep is nil. Hit
// i is the same in every response, and so are the envelopes of responses
// with the same number of hits.
func esHits(root, variant, source string, hits int, keep []int) *object {
	r := newRand(fmt.Sprintf("es-hits-%d", hits))
	fs := namedFields(sourceFields)
	list := make([]*object, hits)
	for i := range list {
		hr := newRand(fmt.Sprintf("es-hit-%d", i))
		hit := &object{name: "EsHit" + variant}
		hit.add("_index", "products-000001")
		hit.add("_id", esID(hr))
		hit.add("_score", hitScore(i))
		src := &object{name: source}
		for k, f := range fs {
			v := value(hr, f.kind)
			if keep == nil || slices.Contains(keep, k) {
				src.add(f.key, v)
			}
		}
		hit.add("_source", src)
		list[i] = hit
	}
	shards := &object{name: "EsShards"}
	shards.add("total", int64(5))
	shards.add("successful", int64(5))
	shards.add("skipped", int64(0))
	shards.add("failed", int64(0))
	total := &object{name: "EsTotal"}
	total.add("value", int64(hits)+r.Int64N(10_000))
	total.add("relation", "eq")
	inner := &object{name: "EsHits" + variant + "Hits"}
	inner.add("total", total)
	inner.add("max_score", hitScore(0))
	inner.add("hits", list)
	doc := &object{name: root}
	doc.add("took", 1+r.Int64N(40))
	doc.add("timed_out", false)
	doc.add("_shards", shards)
	doc.add("hits", inner)
	return doc
}

// hitScore is the _score of hit i: decreasing, never integral.
func hitScore(i int) float64 { return thousandths(2500 - 12*i) }

// esID returns a 20-character document id, like those Elasticsearch
// generates.
func esID(r *rand.Rand) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	b := make([]byte, 20)
	for i := range b {
		b[i] = alphabet[r.IntN(len(alphabet))]
	}
	return string(b)
}
