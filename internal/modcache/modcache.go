// Package modcache finds module versions in the Go module cache: Download
// runs `go mod download -json`, which reads the cache or fills it from the
// module proxy, checking the go.sum and checksum-database hashes, and
// returns the module's directory, which callers read and never copy.
package modcache

import (
	"bytes"
	"encoding/json"
	"errors"
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

// Download puts module path at version (by default the one the main module
// requires) in the module cache if it is not there yet, and describes it. The
// error names the module and says on one line what the go command reported.
func Download(path, version string) (Module, error) {
	query := strings.TrimSuffix(path+"@"+version, "@")
	cmd := exec.Command("go", "mod", "download", "-json", query)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var m struct { // a module's own failure is in Error, and go exits non-zero
		Module
		Error string
	}
	switch jsonErr := json.Unmarshal(out, &m); {
	case jsonErr == nil && m.Error != "":
		err = errors.New(m.Error)
	case err != nil && strings.TrimSpace(stderr.String()) != "":
		err = fmt.Errorf("%w: %s", err, stderr.String())
	case err == nil && jsonErr != nil:
		err = fmt.Errorf("reading its output: %w", jsonErr)
	case err == nil && m.Dir == "":
		err = errors.New("no directory reported")
	}
	if err != nil {
		return Module{}, fmt.Errorf("go mod download %s: %s", query, strings.Join(strings.Fields(err.Error()), " "))
	}
	return m.Module, nil
}
