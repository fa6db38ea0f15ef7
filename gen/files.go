package main

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"go/format"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/template"

	"github.com/jsoncost/jsoncost/internal/infer"
)

// The generated Go files in the fixtures directory.
const typesFile, realworldFile = "types_gen.go", "realworld_gen.go"

//go:embed fixtures.go.tmpl
var goFileTmpl string

var goFile = template.Must(template.New("").Delims("[[", "]]").Funcs(template.FuncMap{"strings": goStrings}).Parse(goFileTmpl))

// syntheticFiles returns the generated files of fs by path in the fixtures directory.
func syntheticFiles(fs []*fixture) (map[string][]byte, error) {
	out := map[string][]byte{}
	for _, f := range fs {
		out[filepath.Join("data", f.Name+".json")] = f.Data
	}
	var keys []string
	for _, k := range source5 {
		keys = append(keys, namedFields(sourceFields)[k].key)
	}
	src, err := goSource(fs, keys)
	out[typesFile] = src
	return out, err
}

// goSource returns the Go file listing fs and their types; source5 is set for the synthetic ones.
func goSource(fs []*fixture, source5 []string) ([]byte, error) {
	var roots []*infer.Type
	for _, f := range fs {
		roots = append(roots, f.Type, f.Proj)
	}
	var b bytes.Buffer
	data := map[string]any{"Fixtures": fs, "Source5": source5, "Types": string(infer.Decls(roots...))}
	if err := goFile.Execute(&b, data); err != nil {
		return nil, fmt.Errorf("generating Go source: %w", err)
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("formatting generated code: %w", err)
	}
	return src, nil
}

func write(dir string) error {
	rw, err := realworld()
	if err != nil {
		return err
	}
	out, err := syntheticFiles(synthetic())
	if err == nil {
		out[realworldFile], err = goSource(rw, nil)
	}
	if err == nil {
		err = writeFiles(dir, out)
	}
	if err == nil {
		err = easyjson(dir, typesFile, realworldFile)
	}
	return err
}

// writeFiles writes out to dir and removes the other documents in data/.
func writeFiles(dir string, out map[string][]byte) error {
	if err := os.MkdirAll(filepath.Join(dir, "data"), 0o755); err != nil {
		return err
	}
	for path, data := range out {
		if err := os.WriteFile(filepath.Join(dir, path), data, 0o644); err != nil {
			return err
		}
	}
	docs, err := filepath.Glob(filepath.Join(dir, "data", "*.json"))
	for _, doc := range docs {
		if _, ok := out[filepath.Join("data", filepath.Base(doc))]; !ok && err == nil {
			err = os.Remove(doc)
		}
	}
	return err
}

// easyjson generates easyjson's methods, without the std marshalers every
// codec would call, after removing its old files so the package builds.
func easyjson(dir string, goFiles ...string) error {
	for _, f := range goFiles {
		err := os.Remove(filepath.Join(dir, strings.TrimSuffix(f, ".go")+"_easyjson.go"))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	args := append([]string{"tool", "easyjson", "-all", "-no_std_marshalers"}, goFiles...)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}
