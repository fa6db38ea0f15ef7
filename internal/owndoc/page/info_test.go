package page

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// rawRun reads back a raw file of the configuration lines lines and one
// result.
func rawRun(t *testing.T, lines [][2]string) *load.Run {
	t.Helper()
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l[0] + ": " + l[1] + "\n")
	}
	b.WriteString("BenchmarkCodec/op=decode-struct/fixture=doc/codec=encoding-json-2 1 1000 ns/op\n")
	path := filepath.Join(t.TempDir(), RawFile)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	run, err := load.Load(load.Raw{Path: path, File: RawFile})
	if err != nil {
		t.Fatal(err)
	}
	return run
}

func TestReadInfo(t *testing.T) {
	doc := [][2]string{
		{rawfmt.KeyCommand, "make bench-doc DOC=d.json"}, {KeyDoc, "d.json"}, {KeyDocSamples, "3"},
		{KeyDocFields, "id,a.b"}, {KeyCompacted, "true"}, {KeyQPS, "250"}, {KeyPerRequest, "4"},
	}
	failed := Info{
		Notes:    []string{"field x is\nnever set"},
		Failures: []Failure{{Cell: rawfmt.Cell{Op: "get5", Fixture: "doc", Codec: "gjson"}, Err: "path a.b: got 1: want 2"}},
	}
	with := func(extra ...[2]string) [][2]string { return append(append([][2]string{}, doc...), extra...) }
	base := Info{
		Doc: "d.json", Name: "doc", Filtered: "doc-filtered", Samples: 3, Compacted: true,
		Fields: []string{"id", "a.b"}, QPS: 250, PerRequest: 4, Command: "make bench-doc DOC=d.json", RawFile: RawFile,
	}
	for _, tc := range []struct {
		name  string
		lines [][2]string
		want  func(Info) Info // of base
		err   string
	}{
		{"older file", doc, func(i Info) Info { i.Unrecorded = true; return i }, ""},
		{"none refused", with(Info{}.Lines()...), func(i Info) Info { return i }, ""},
		{"notes and refused cells", with(failed.Lines()...), func(i Info) Info {
			i.Notes, i.Failures = []string{"field x is never set"}, failed.Failures
			return i
		}, ""},
		{"no fields", [][2]string{{KeyDoc, "d.json"}, {KeyDocFields, ""}}, func(Info) Info {
			return Info{Doc: "d.json", Name: "doc", Filtered: "doc-filtered", PerRequest: 1, RawFile: RawFile, Unrecorded: true}
		}, ""},
		{"not bench-doc", [][2]string{{KeyDocSamples, "3"}}, nil, "no doc line"},
		{"bad samples", with([2]string{KeyDocSamples, "three"}), nil, `doc-samples "three"`},
		{"bad qps", with([2]string{KeyQPS, "fast"}), nil, `doc-qps "fast"`},
		{"bad count", with([2]string{KeyGateFailed, "1"}), nil, "doc-gate-failed is 1 but the file has 0"},
		{"bad cell", with([2]string{KeyGateFailed, "1"}, [2]string{KeyFailPrefix + "1", "op=get5: why"}), nil, `"op=get5" names no cell`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ReadInfo(rawRun(t, tc.lines), "doc", RawFile)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want one saying %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if want := tc.want(base); !reflect.DeepEqual(got, want) {
				t.Errorf("ReadInfo =\n%+v\nwant\n%+v", got, want)
			}
		})
	}
}

// A document's results directory is named after its file and the set of
// fields: another FIELDS gets another directory, the same fields in another
// order the same one.
func TestDir(t *testing.T) {
	product := Dir(DocName("testdata/product.json"), "id,title")
	for _, tc := range []struct {
		path, fields string
		want         string // "" when it must differ from product
	}{
		{"testdata/product.json", "id,title", product},
		{"elsewhere/product.json", "title,id", product},
		{"product.json", "title,id,title", product},
		{"product.json", "id,title,price.amount", ""},
		{"product.json", "id", ""},
		{"orders.json", "id,title", ""},
		{"product.json", "", "doc-product-" + NoFields},
		{"My Orders (2).ndjson", "", "doc-my-orders-2-" + NoFields},
		{"___.json", "", "doc-doc-" + NoFields},
	} {
		got := Dir(DocName(tc.path), tc.fields)
		if !strings.HasPrefix(got, DirPrefix+DocName(tc.path)+"-") || tc.want != "" && got != tc.want || tc.want == "" && got == product {
			t.Errorf("Dir(%q, %q) = %q, want %q (product's is %q)", DocName(tc.path), tc.fields, got, tc.want, product)
		}
	}
}
