// Package tempmod writes and builds, outside the repository, the throwaway Go
// module that benchmarks a user's document for make bench-doc: the committed
// fixtures and the suite's own tests never see it.
//
// Data flows from a Doc (samples, inferred type, projection) to a fresh
// temporary directory: go.mod, a module (Path) requiring this suite's module
// replaced by the checkout it runs from (Root); the checkout's go.sum; the
// types and easyjson's code for them; the samples; and a test file
// (bench_test.go.tmpl) that hands them to the suite's root package as a
// jsoncost.Document. Build compiles its test binary once per link layout; the
// runner drives it over the wire protocol (jsoncost.DocumentMain).
package tempmod

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/template"

	"github.com/jsoncost/jsoncost/internal/infer"
	"github.com/jsoncost/jsoncost/internal/runner"
)

// Path is the module path of the generated module.
const Path = "docbench"

const suite = "github.com/jsoncost/jsoncost"

//go:embed bench_test.go.tmpl
var testText string

var testFile = template.Must(template.New("bench_test.go").Parse(testText))

// A Doc is what the generated package is made from.
type Doc struct {
	Name     string      // the document's fixture name in cell names
	Fields   string      // the FIELDS list; "" for none
	Samples  [][]byte    // compact JSON objects
	Type     *infer.Type // the type of every sample
	Proj     *infer.Type // the projected type; nil without fields
	Easyjson bool        // set by Module.Build when easyjson's code was generated
}

// A Module is a generated module in its temporary directory.
type Module struct {
	Dir string // the temporary directory
	doc *Doc
}

// Root returns the directory of the suite's checkout: the main module of
// the go command run here.
func Root(ctx context.Context) (string, error) {
	out, err := runner.Command(ctx, "go", "env", "GOMOD").Output()
	gomod := strings.TrimSpace(string(out))
	switch {
	case err != nil:
		return "", fmt.Errorf("finding the jsoncost checkout (go env GOMOD): %w", err)
	case gomod == "" || gomod == os.DevNull:
		return "", errors.New("run bench-doc from the jsoncost checkout (make bench-doc)")
	}
	return filepath.Dir(gomod), nil
}

// Create writes the module for doc into a new temporary directory, with
// go.mod replacing the suite's module by the checkout at root. Remove
// deletes it; a Create that fails leaves nothing.
func Create(root string, doc *Doc) (_ *Module, err error) {
	dir, err := os.MkdirTemp("", "jsoncost-doc-*")
	if err != nil {
		return nil, fmt.Errorf("making the benchmark module's directory: %w", err)
	}
	m := &Module{Dir: dir, doc: doc}
	defer func() {
		if err != nil {
			m.Remove()
		}
	}()
	sum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return nil, fmt.Errorf("reading the suite's go.sum: %w", err)
	}
	types, err := infer.Source(Path, doc.Type, doc.Proj)
	if err != nil {
		return nil, err
	}
	for name, data := range map[string][]byte{
		"go.mod":     fmt.Appendf(nil, "module %s\n\ngo 1.26.0\n\nrequire %s v0.0.0\n\nreplace %s => %s\n", Path, suite, suite, strconv.Quote(root)),
		"go.sum":     sum,
		"types.go":   types,
		"doc.ndjson": append(bytes.Join(doc.Samples, []byte("\n")), '\n'),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			return nil, fmt.Errorf("writing the benchmark module: %w", err)
		}
	}
	return m, m.writeTest()
}

// Remove deletes the module's directory.
func (m *Module) Remove() error { return os.RemoveAll(m.Dir) }

// Build generates easyjson's code for the types (without the methods that
// would make every other codec call it) and compiles the test binary once
// per link layout: bins[i] is linked with -randlayout=seeds[i], and without
// DWARF, a third of the link (runner.Layouts). When easyjson cannot handle
// the types, its cells are left out and note says so in one line.
func (m *Module) Build(ctx context.Context, seeds []int64) (bins []string, note string, err error) {
	err = m.goCmd(ctx, "run", "github.com/mailru/easyjson/easyjson", "-all", "-no_std_marshalers", "types.go")
	switch {
	case ctx.Err() != nil:
		return nil, "", ctx.Err()
	case err != nil:
		os.Remove(filepath.Join(m.Dir, "types_easyjson.go"))
		first, _, _ := strings.Cut(err.Error(), "\n")
		note = "easyjson cannot generate code for this document's types, so it is not measured: easyjson: " + first
	default:
		m.doc.Easyjson = true
		if err := m.writeTest(); err != nil {
			return nil, "", err
		}
	}
	bins = make([]string, len(seeds))
	link := func(i int) error {
		bins[i] = filepath.Join(m.Dir, fmt.Sprintf("doc-%d.test", seeds[i]))
		ldflags := "-ldflags=-w -randlayout=" + strconv.FormatInt(seeds[i], 10)
		if err := m.goCmd(ctx, "test", "-c", ldflags, "-o", bins[i], "."); err != nil {
			return fmt.Errorf("building the benchmark: %w", err)
		}
		return nil
	}
	if err := runner.Layouts(len(seeds), link); err != nil {
		return nil, "", err
	}
	return bins, note, nil
}

func (m *Module) writeTest() error {
	var b bytes.Buffer
	if err := testFile.Execute(&b, m.doc); err != nil {
		return fmt.Errorf("generating the benchmark: %w", err)
	}
	return os.WriteFile(filepath.Join(m.Dir, "bench_test.go"), b.Bytes(), 0o644)
}

// goCmd runs go in the module, letting it complete go.mod, as a child the
// runner ends alone (runner.Command).
func (m *Module) goCmd(ctx context.Context, args ...string) error {
	cmd := runner.Command(ctx, "go", args...)
	cmd.Dir = m.Dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, bytes.TrimSpace(out))
	}
	return nil
}
