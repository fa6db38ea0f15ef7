package main

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/jsoncost/jsoncost/gen/infer"
	"github.com/jsoncost/jsoncost/internal/jsonvalue"
)

// A fixture is one document with its Go type and, when it has one, its
// projected type. The fixture builders panic on what cannot happen with
// the fixed sizes they are given.
type fixture struct {
	Name, Family string
	Data         []byte      // the JSON document
	Fields       int         // scalar values in Data
	Type         *infer.Type // named after the fixture
	Proj         *infer.Type // the 5-field projection; nil when none
	Get5         string      // Go expression of the projected fields' paths
}

// esHitsProj names the projected type of every es-hits fixture.
const esHitsProj = "EsHitsProj"

// synthetic returns the generated fixtures in family order.
func synthetic() []*fixture {
	var fs []*fixture
	for _, n := range []int{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000} {
		fs = append(fs, fieldsFixture(n))
	}
	for _, size := range []int{256, 1 << 10, 4 << 10, 16 << 10, 64 << 10, 256 << 10, 1 << 20} {
		fs = append(fs, bytesFixture(size))
	}
	for _, n := range []int{8, 32, 128, 512} {
		fs = append(fs, equalBytesFixture(n))
	}
	for d := 1; d <= 8; d++ {
		fs = append(fs, nestedFixture(d))
	}
	for _, variant := range []string{"full", "source5"} {
		for _, hits := range []int{1, 10, 100} {
			fs = append(fs, esHitsFixture(hits, variant))
		}
	}
	return fs
}

// newFixture encodes doc and derives its type and that of proj, whose
// fields get5 (a Go expression) reads; proj may be nil.
func newFixture(name, family string, doc, proj *object, get5 string) *fixture {
	data := encode(doc)
	n, err := jsonvalue.Scalars(data)
	if err != nil {
		panic(fmt.Sprintf("%s: %v", name, err))
	}
	f := &fixture{Name: name, Family: family, Data: data, Fields: n, Type: goType(doc), Get5: get5}
	if proj != nil {
		f.Proj = goType(proj)
	}
	return f
}

// projected is newFixture with doc's projection (see project).
func projected(name, family string, doc *object) *fixture {
	proj, get5 := project(doc, doc.name+"Proj")
	return newFixture(name, family, doc, proj, get5)
}

// fieldsDoc returns the object called name with the first n fields of the
// fields family: field k has the same value in every document that has it.
func fieldsDoc(name string, n int) *object {
	r := newRand("fields")
	o := &object{name: name}
	for _, f := range namedFields(n) {
		o.add(f.key, value(r, f.kind))
	}
	return o
}

// fieldsFixture is fields-NNNN: n flat fields, each fixture the one before
// it with more fields appended; from five fields on, with a projection.
func fieldsFixture(n int) *fixture {
	name := fmt.Sprintf("fields-%04d", n)
	doc := fieldsDoc(infer.GoName(name), n)
	if n < projWidth {
		return newFixture(name, "fields", doc, nil, "")
	}
	return projected(name, "fields", doc)
}

// bytesFixture is bytes-NNNNk (bytes-0.25k for 256): the ten fields of
// fields-0010 with their string values grown until the document is size
// bytes.
func bytesFixture(size int) *fixture {
	name := fmt.Sprintf("bytes-%04dk", size>>10)
	if size < 1<<10 {
		name = fmt.Sprintf("bytes-%.2fk", float64(size)/(1<<10))
	}
	doc := fieldsDoc(infer.GoName(name), 10)
	fill(doc, size, newRand(name))
	return projected(name, "bytes", doc)
}

// equalBytesFixture is equal-bytes-fNNN: n fields in 8 KiB. To fit 512
// fields, keys are 8 bytes ("attr_001"), numbers are short and there are
// no timestamps; strings take the rest.
func equalBytesFixture(n int) *fixture {
	name := fmt.Sprintf("equal-bytes-f%03d", n)
	r := newRand(name)
	doc := &object{name: infer.GoName(name)}
	for k := range n {
		var v any = ""
		switch k % 4 {
		case 1:
			v = r.Int64N(100)
		case 2:
			v = thousandths(r.IntN(1000))
		case 3:
			v = r.IntN(2) == 1
		}
		doc.add(fmt.Sprintf("attr_%03d", k+1), v)
	}
	fill(doc, 8<<10, r)
	return projected(name, "equal-bytes", doc)
}

// fill sets the string values of o, evenly, to text that makes o's
// encoding exactly size bytes.
func fill(o *object, size int, r *rand.Rand) {
	var strs []int
	for i, v := range o.values {
		if _, ok := v.(string); ok {
			o.values[i] = ""
			strs = append(strs, i)
		}
	}
	room := size - len(encode(o))
	if len(strs) == 0 || room < len(strs) {
		panic(fmt.Sprintf("%s: %d bytes without string content leave no room for %d strings in %d", o.name, size-room, len(strs), size))
	}
	for j, i := range strs {
		o.values[i] = text(r, share(room, len(strs), j))
	}
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
func nestedFixture(d int) *fixture {
	name := fmt.Sprintf("nested-d%d", d)
	flat := fieldsDoc("", nestedLeaves)
	root := &object{name: infer.GoName(name)}
	o, next := root, 0
	for level := 1; level <= d; level++ {
		n := share(nestedLeaves, d, level-1)
		o.keys = append(o.keys, flat.keys[next:next+n]...)
		o.values = append(o.values, flat.values[next:next+n]...)
		next += n
		if level < d {
			child := &object{name: fmt.Sprintf("%sL%d", root.name, level+1)}
			o.add(fmt.Sprintf("nested_level_%d", level+1), child)
			o = child
		}
	}
	return projected(name, "nested", root)
}

// sourceFields is the number of fields in a full hit's _source: those of
// fields-0050.
const sourceFields = 50

// source5 are the indices of the _source fields of a source5 response,
// which every es-hits projection and get5 read.
var source5 = spread(sourceFields)

// esHitsFixture is es-hits-H-full or es-hits-H-source5, the same response
// with each _source filtered to the source5 fields, as Elasticsearch's
// _source_includes returns it.
func esHitsFixture(hits int, variant string) *fixture {
	name := fmt.Sprintf("es-hits-%d-%s", hits, variant)
	source, keep := "Fields0050", []int(nil)
	if variant == "source5" {
		source, keep = "EsSource5", source5
	}
	doc := esHits(infer.GoName(name), infer.GoName(variant), source, hits, keep)
	proj := esHits(esHitsProj, "Proj", "EsSource5", 1, source5)
	return newFixture(name, "es-hits", doc, proj, fmt.Sprintf("hitPaths(%d, esSource5)", hits))
}

// esHits returns an Elasticsearch search response, a struct called root,
// with hits hits whose _source (a struct called source) holds the fields
// of fields-0050 at the indices keep, or all of them when keep is nil. Hit
// i is the same in every response, and so are the envelopes of responses
// with the same number of hits.
func esHits(root, variant, source string, hits int, keep []int) *object {
	r := newRand(fmt.Sprintf("es-hits-%d", hits))
	list := make([]*object, hits)
	for i := range list {
		hr := newRand(fmt.Sprintf("es-hit-%d", i))
		id := make([]byte, 20) // like the ids Elasticsearch generates
		for j := range id {
			id[j] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[hr.IntN(64)]
		}
		src := &object{name: source}
		for k, f := range namedFields(sourceFields) {
			if v := value(hr, f.kind); keep == nil || slices.Contains(keep, k) {
				src.add(f.key, v)
			}
		}
		list[i] = obj("EsHit"+variant, "_index", "products-000001", "_id", string(id), "_score", hitScore(i), "_source", src)
	}
	total := obj("EsTotal", "value", int64(hits)+r.Int64N(10_000), "relation", "eq")
	return obj(root, "took", 1+r.Int64N(40), "timed_out", false,
		"_shards", obj("EsShards", "total", int64(5), "successful", int64(5), "skipped", int64(0), "failed", int64(0)),
		"hits", obj("EsHits"+variant+"Hits", "total", total, "max_score", hitScore(0), "hits", list))
}

// hitScore is the _score of hit i: decreasing, never integral.
func hitScore(i int) float64 { return thousandths(2500 - 12*i) }
