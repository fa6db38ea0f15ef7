// Package tempmod writes and builds the throwaway Go module that benchmarks
// a user's document for make bench-doc, outside the repository: the
// committed fixtures and the suite's own tests never see it.
//
// Data flows from a Doc (the samples, the inferred type and its projection)
// to files in a fresh temporary directory: go.mod, which requires this
// suite's module and replaces it with the checkout it runs from, so the
// generated package imports package codecs and the benchmark harness;
// go.sum, copied from the checkout; the types; easyjson's code for them;
// the samples; and a test file that hands all of it to package harness.
// Build compiles the test binary the runner then runs round after round.
package tempmod

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"text/template"

	"github.com/jsoncost/jsoncost/gen/infer"
)

// Path is the module path of the generated module: below the suite's, so
// that it may import the suite's internal packages.
const Path = "github.com/jsoncost/jsoncost/docbench"

// suite is the module path of the suite.
const suite = "github.com/jsoncost/jsoncost"

// A Doc is what the generated package is made from.
type Doc struct {
	Name     string      // the document's fixture name in cell names
	Fields   string      // the FIELDS list; "" for none
	Samples  [][]byte    // compact JSON objects
	Type     *infer.Type // the type of every sample
	Proj     *infer.Type // the projected type; nil without fields
	Easyjson bool        // set by Module.Easyjson when its code was generated
}

// A Module is a generated module in its temporary directory.
type Module struct {
	Dir string // the temporary directory
	doc *Doc
}

// Create writes the module for doc into a new temporary directory, with
// go.mod replacing the suite's module by the checkout at root. Remove
// deletes it.
func Create(root string, doc *Doc) (_ *Module, err error) {
	dir, err := os.MkdirTemp("", "jsoncost-doc-*")
	if err != nil {
		return nil, fmt.Errorf("making the benchmark module's directory: %w", err)
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return nil, fmt.Errorf("reading the suite's go.sum: %w", err)
	}
	roots := []*infer.Type{doc.Type}
	if doc.Proj != nil {
		roots = append(roots, doc.Proj)
	}
	types, err := infer.Source("docbench", roots...)
	if err != nil {
		return nil, err
	}
	var test bytes.Buffer
	if err := testFile.Execute(&test, doc); err != nil {
		return nil, fmt.Errorf("generating the benchmark: %w", err)
	}
	goMod := fmt.Sprintf("module %s\n\ngo 1.26.0\n\nrequire %s v0.0.0\n\nreplace %s => %s\n", Path, suite, suite, strconv.Quote(root))
	files := map[string][]byte{
		"go.mod":        []byte(goMod),
		"go.sum":        sum,
		"types.go":      types,
		"doc.ndjson":    append(bytes.Join(doc.Samples, []byte("\n")), '\n'),
		"bench_test.go": test.Bytes(),
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return nil, fmt.Errorf("writing the benchmark module: %w", err)
		}
	}
	return &Module{Dir: dir, doc: doc}, nil
}

// Remove deletes the module's directory.
func (m *Module) Remove() error { return os.RemoveAll(m.Dir) }

// Easyjson generates easyjson's code for the types, without the
// MarshalJSON and UnmarshalJSON methods that would make every other codec
// call it, and records in the Doc that it did. It fails, changing nothing,
// when easyjson cannot handle the types.
func (m *Module) Easyjson(ctx context.Context) error {
	_, err := m.goCmd(ctx, "run", "github.com/mailru/easyjson/easyjson", "-all", "-no_std_marshalers", "types.go")
	if err != nil {
		os.Remove(filepath.Join(m.Dir, "types_easyjson.go"))
		return fmt.Errorf("easyjson: %w", err)
	}
	m.doc.Easyjson = true
	var test bytes.Buffer
	if err := testFile.Execute(&test, m.doc); err != nil {
		return fmt.Errorf("generating the benchmark: %w", err)
	}
	return os.WriteFile(filepath.Join(m.Dir, "bench_test.go"), test.Bytes(), 0o644)
}

// Build compiles the test binary and returns its path.
func (m *Module) Build(ctx context.Context) (string, error) {
	bin := filepath.Join(m.Dir, "doc.test")
	if _, err := m.goCmd(ctx, "test", "-c", "-o", bin, "."); err != nil {
		return "", fmt.Errorf("building the benchmark: %w", err)
	}
	return bin, nil
}

// goCmd runs the go command in the module with the arguments, letting it
// complete go.mod from the suite's requirements.
func (m *Module) goCmd(ctx context.Context, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = m.Dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		return out, fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, bytes.TrimSpace(out))
	}
	return out, nil
}

// testFile is the generated package's test file.
var testFile = template.Must(template.New("bench_test.go").Parse(`// Code generated by make bench-doc; DO NOT EDIT.

package docbench

import (
	_ "embed"
	"testing"

	"github.com/jsoncost/jsoncost/codecs/codectest"
	"github.com/jsoncost/jsoncost/internal/doc/harness"
)

// A test of make bench-doc registers a configuration of its own here.
func init() {
	if err := codectest.FromEnv(); err != nil {
		panic(err)
	}
}

//go:embed doc.ndjson
var samples []byte

var spec = harness.Spec{
	Name:     {{printf "%q" .Name}},
	Fields:   {{printf "%q" .Fields}},
	Samples:  samples,
	New:      func() any { return new({{.Type.Name}}) },
{{- if .Proj}}
	NewProj:  func() any { return new({{.Proj.Name}}) },
{{- end}}
	Easyjson: {{.Easyjson}},
}

func TestMain(m *testing.M) { harness.Main(m, &spec) }

func BenchmarkCodec(b *testing.B) { harness.Bench(b, &spec) }
`))
