// Package modcache finds module versions in the Go module cache, fetching
// them with the go command when they are missing.
//
// Data flows from the go command to the caller: Download runs
// `go mod download -json path[@version]`, which reads the cache or fills it
// from the module proxy (checking the go.sum and checksum-database hashes on
// the way), and returns the directory holding the module's files and their
// h1: hash. Callers read files from that directory and never copy them into
// the repository.
package modcache

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
)

// Module is one module version in the module cache.
type Module struct {
	Path    string // module path
	Version string // exact version
	Dir     string // the directory holding its files (read-only)
	Sum     string // the h1: hash of its files, as in go.sum
}

// String returns path@version.
func (m Module) String() string { return m.Path + "@" + m.Version }

// Download puts module path at version in the module cache, if it is not
// there yet, and describes it. An empty version means the version the main
// module requires, which needs the current directory to be inside a module.
// The error names the module and says what the go command reported.
func Download(path, version string) (Module, error) {
	query := path
	if version != "" {
		query += "@" + version
	}
	cmd := exec.Command("go", "mod", "download", "-json", query)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, runErr := cmd.Output()
	// go mod download -json reports a module's own failure in the Error
	// field on stdout, and exits non-zero.
	var m struct {
		Module
		Error string
	}
	jsonErr := json.Unmarshal(out, &m)
	switch {
	case jsonErr == nil && m.Error != "":
		return Module{}, fmt.Errorf("go mod download %s: %s", query, oneLine(m.Error))
	case runErr != nil:
		if msg := oneLine(stderr.String()); msg != "" {
			return Module{}, fmt.Errorf("go mod download %s: %w: %s", query, runErr, msg)
		}
		return Module{}, fmt.Errorf("go mod download %s: %w", query, runErr)
	case jsonErr != nil:
		return Module{}, fmt.Errorf("go mod download %s: reading its output: %w", query, jsonErr)
	case m.Dir == "":
		return Module{}, fmt.Errorf("go mod download %s: no directory reported", query)
	}
	return m.Module, nil
}

// Dir returns the module cache directory of path at version (see Download).
func Dir(path, version string) (string, error) {
	m, err := Download(path, version)
	return m.Dir, err
}

// oneLine joins the lines of the go command's message into one.
func oneLine(msg string) string { return strings.Join(strings.Fields(msg), " ") }
