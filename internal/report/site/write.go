package site

import (
	"cmp"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/safefile"
)

// machineManaged are the entries of a machine directory the report owns; raw/ is not.
var machineManaged = []string{"README.md", "configurations.md", "model.csv", "ops", "tables", "charts", runsDir}

// writeTree makes the report files of dir exactly files (slash paths, each
// under an entry a managed pattern matches): every file is written atomically,
// then what the managed entries hold that files does not is removed.
func writeTree(dir string, managed []string, files map[string][]byte) error {
	owned := func(top string) bool {
		return slices.ContainsFunc(managed, func(pattern string) bool {
			ok, _ := path.Match(pattern, top)
			return ok
		})
	}
	for _, p := range slices.Sorted(maps.Keys(files)) {
		top, _, _ := strings.Cut(p, "/")
		if !owned(top) {
			return fmt.Errorf("writing report: %s is outside the report's entries", p)
		}
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return fmt.Errorf("writing report: %w", err)
		}
		if err := safefile.WriteFile(full, files[p], 0o644); err != nil {
			return err
		}
	}
	// What the report no longer has goes, deepest first, with the directories it empties.
	var walked []string
	for _, pattern := range managed {
		tops, err := filepath.Glob(filepath.Join(dir, pattern))
		for _, top := range tops {
			err = cmp.Or(err, filepath.WalkDir(top, func(p string, _ fs.DirEntry, err error) error {
				walked = append(walked, p)
				return err
			}))
		}
		if err != nil {
			return fmt.Errorf("removing stale report files: %w", err)
		}
	}
	for _, p := range slices.Backward(walked) {
		rel, err := filepath.Rel(dir, p)
		if _, keep := files[filepath.ToSlash(rel)]; keep || err != nil {
			continue
		}
		if entries, err := os.ReadDir(p); err == nil && len(entries) > 0 {
			continue // a directory still holding files
		}
		if err := os.Remove(p); err != nil {
			return fmt.Errorf("removing stale report files: %w", err)
		}
	}
	return nil
}
