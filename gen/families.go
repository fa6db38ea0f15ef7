package main

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/jsoncost/jsoncost/internal/infer"
	"github.com/jsoncost/jsoncost/internal/jsonvalue"
)

// A fixture is one document with its Go type and, from five fields on,
// its projected type. The builders panic only on a wrong fixed size.
type fixture struct {
	Name, Family string
	Data         []byte      // the JSON document
	Fields       int         // scalar values in Data
	Type         *infer.Type // named after the fixture
	Proj         *infer.Type // the 5-field projection; nil when none
	Get5         string      // Go expression of the projected fields' paths
}

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

// newFixture encodes doc and types it and proj (nil for none).
func newFixture(name, family string, doc, proj *object, get5 string) *fixture {
	data := encode(doc)
	n, _ := jsonvalue.Scalars(data) // encode writes valid JSON
	f := &fixture{Name: name, Family: family, Data: data, Fields: n, Type: goType(doc), Get5: get5}
	if proj != nil {
		f.Proj = goType(proj)
	}
	return f
}

func projected(name, family string, doc *object) *fixture {
	proj, get5 := project(doc, doc.name+"Proj")
	return newFixture(name, family, doc, proj, get5)
}

// fieldsDoc returns n fields; field k is the same in every document.
func fieldsDoc(name string, n int) *object {
	r := newRand("fields")
	o := &object{name: name}
	for _, f := range namedFields(n) {
		o.add(f.key, value(r, f.kind))
	}
	return o
}

// fieldsFixture is fields-NNNN: n flat fields.
func fieldsFixture(n int) *fixture {
	name := fmt.Sprintf("fields-%04d", n)
	doc := fieldsDoc(infer.GoName(name), n)
	if n < projWidth {
		return newFixture(name, "fields", doc, nil, "")
	}
	return projected(name, "fields", doc)
}

// bytesFixture is bytes-NNNNk: fields-0010 with strings grown to size bytes.
func bytesFixture(size int) *fixture {
	name := fmt.Sprintf("bytes-%04dk", size>>10)
	if size < 1<<10 {
		name = fmt.Sprintf("bytes-%.2fk", float64(size)/(1<<10))
	}
	doc := fieldsDoc(infer.GoName(name), 10)
	fill(doc, size, newRand(name))
	return projected(name, "bytes", doc)
}

// equalBytesFixture is equal-bytes-fNNN: n short fields in 8 KiB.
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

// fill sets the strings of o, evenly, to make its encoding size bytes.
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

// share is part i of total split evenly into parts, larger parts first.
func share(total, parts, i int) int {
	if i < total%parts {
		return total/parts + 1
	}
	return total / parts
}

const nestedLeaves = 64

// nestedFixture is nested-dD: fields-0064 over d levels, each in the last field of the one above.
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

// A full hit's _source is fields-0050; a source5 one keeps the fields at
// the indices source5, as every es-hits projection and get5 do.
const sourceFields = 50

var source5 = spread(sourceFields)

func esHitsFixture(hits int, variant string) *fixture {
	name := fmt.Sprintf("es-hits-%d-%s", hits, variant)
	source, keep := "Fields0050", []int(nil)
	if variant == "source5" {
		source, keep = "EsSource5", source5
	}
	doc := esHits(infer.GoName(name), infer.GoName(variant), source, hits, keep)
	proj := esHits("EsHitsProj", "Proj", "EsSource5", 1, source5)
	return newFixture(name, "es-hits", doc, proj, fmt.Sprintf("hitPaths(%d, esSource5)", hits))
}

// esHits returns a search response whose hits' _source holds the fields of
// fields-0050 at the indices keep (all when nil); hit i is always the same.
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

func hitScore(i int) float64 { return thousandths(2500 - 12*i) }
