package probes

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/jsoncost/jsoncost/internal/modcache"
)

// The JSONTestSuite corpus: upstream's repository, fetched as a module at a
// pinned version and hash (it has no Go packages, so go.mod cannot hold it).
const (
	SuiteModule  = "github.com/nst/JSONTestSuite"
	SuiteVersion = "v0.0.0-20241122125541-1ef36fa01286"
	SuiteSum     = "h1:t/cjDwz9uc/5ZSagWtr7nWpoEA5Imvw/ArlJuI+d+Cw="
)

// The corpus directories: documents to accept (y_), reject (n_) or either
// (i_), and documents read differently, whose value is recorded.
const parsingDir, transformDir = "test_parsing", "test_transform"

// JSONTestSuiteDir returns the checked directory of the pinned corpus module.
func JSONTestSuiteDir() (string, error) {
	m, err := modcache.Download(SuiteModule, SuiteVersion)
	if err != nil {
		return "", fmt.Errorf("fetching the JSONTestSuite corpus: %w", err)
	}
	return m.Dir, checkSum(m)
}

func checkSum(m modcache.Module) error {
	if m.Sum != SuiteSum {
		return fmt.Errorf("JSONTestSuite corpus %s has hash %s, want the pinned %s", m, m.Sum, SuiteSum)
	}
	return nil
}

// caseClass returns y, n, i or transform.
func caseClass(name string) string {
	if strings.HasPrefix(name, transformDir+"/") {
		return "transform"
	}
	return name[:1]
}

// JSONTestSuite returns the suite decoding each .json file of the corpus in
// dir into an any: test_parsing's, then test_transform's (named with the
// directory, recording the value).
func JSONTestSuite(dir string) (*Suite, error) {
	s := &Suite{Name: "jsontestsuite", Arg: dir}
	corpus := os.DirFS(dir)
	for _, sub := range []string{parsingDir, transformDir} {
		files, err := fs.Glob(corpus, sub+"/*.json")
		if err == nil && len(files) == 0 {
			err = fmt.Errorf("%s holds no .json files", path.Join(dir, sub))
		}
		if err != nil {
			return nil, fmt.Errorf("JSONTestSuite corpus: %w", err)
		}
		for _, f := range files {
			data, err := fs.ReadFile(corpus, f)
			if err != nil {
				return nil, fmt.Errorf("JSONTestSuite corpus: %w", err)
			}
			doc := func() []byte { return data }
			switch name := strings.TrimPrefix(f, parsingDir+"/"); {
			case sub == transformDir:
				s.Cases = append(s.Cases, decodeCase(f, doc, show))
			case strings.IndexByte("yni", name[0]) < 0 || name[1] != '_':
				return nil, fmt.Errorf("JSONTestSuite corpus: %s has no y_, n_ or i_ prefix", f)
			default:
				s.Cases = append(s.Cases, decodeCase(name, doc, nil))
			}
		}
	}
	return s, nil
}
