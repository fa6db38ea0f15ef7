// Package modcache finds module versions in the Go module cache, fetching
// them with the go command when they are missing.
//
// Data flows from the go command to the caller: Download runs `go mod
// download -json path[@version]`, which reads the cache or fills it from the
// module proxy (checking the go.sum and checksum-database hashes), and
// returns the directory holding the module's files, which callers read and
// never copy into the repository, and their h1: hash.
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
	Path, Version string
	Dir           string // the directory holding its files (read-only)
	Sum           string // the h1: hash of its files, as in go.sum
}

// String returns path@version.
func (m Module) String() string { return m.Path + "@" + m.Version }

// Download puts module path at version in the module cache, if it is not
// there yet, and describes it. An empty version means the version the main
// module requires. The error names the module and says, on one line, what
// the go command reported.
func Download(path, version string) (Module, error) {
	query := path
	if version != "" {
		query += "@" + version
	}
	cmd := exec.Command("go", "mod", "download", "-json", query)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, runErr := cmd.Output()
	var m struct { // a module's own failure is in Error, and go exits non-zero
		Module
		Error string
	}
	jsonErr := json.Unmarshal(out, &m)
	oneLine := func(msg string) string { return strings.Join(strings.Fields(msg), " ") }
	switch {
	case jsonErr == nil && m.Error != "":
		return Module{}, fmt.Errorf("go mod download %s: %s", query, oneLine(m.Error))
	case runErr != nil && strings.TrimSpace(stderr.String()) != "":
		return Module{}, fmt.Errorf("go mod download %s: %w: %s", query, runErr, oneLine(stderr.String()))
	case runErr != nil:
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
