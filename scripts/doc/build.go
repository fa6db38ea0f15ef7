package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/jsoncost/jsoncost/internal/doc/tempmod"
)

// A built is the generated module and its compiled test binary.
type built struct {
	module *tempmod.Module
	bin    string
}

// Remove deletes the module and the binary in it.
func (b *built) Remove() error { return b.module.Remove() }

// build writes the module for d outside the repository, generates
// easyjson's code (its cells are left out, with a note, when easyjson
// cannot handle the types) and compiles the test binary.
func build(ctx context.Context, d *document, stderr io.Writer) (*built, error) {
	root, err := suiteRoot(ctx)
	if err != nil {
		return nil, err
	}
	m, err := tempmod.Create(root, &tempmod.Doc{
		Name: d.name, Fields: d.fields.String(), Samples: d.samples, Type: d.typ, Proj: d.proj,
	})
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(stderr, "building the benchmark of %s in %s…\n", d.path, m.Dir)
	if err := m.Easyjson(ctx); err != nil {
		if ctx.Err() != nil {
			m.Remove()
			return nil, ctx.Err()
		}
		first, _, _ := strings.Cut(err.Error(), "\n")
		note := "easyjson cannot generate code for this document's types, so it is not measured: " + first
		d.notes = append(d.notes, note)
		fmt.Fprintf(stderr, "bench-doc: %s: warning: %s\n", d.path, note)
	}
	bin, err := m.Build(ctx)
	if err != nil {
		m.Remove()
		return nil, err
	}
	return &built{module: m, bin: bin}, nil
}

// suiteRoot returns the directory of the suite's checkout: the main
// module of the go command run here.
func suiteRoot(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output()
	gomod := strings.TrimSpace(string(out))
	switch {
	case err != nil:
		return "", fmt.Errorf("finding the jsoncost checkout (go env GOMOD): %w", err)
	case gomod == "" || gomod == "/dev/null":
		return "", errors.New("run bench-doc from the jsoncost checkout (make bench-doc)")
	}
	return filepath.Dir(gomod), nil
}
