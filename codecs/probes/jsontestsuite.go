package probes

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/jsoncost/jsoncost/internal/modcache"
)

// The JSONTestSuite corpus is upstream's repository, fetched as a module
// (it has no Go packages, so go.mod cannot hold it) at a pinned version
// and checked against a pinned hash.
const (
	SuiteModule  = "github.com/nst/JSONTestSuite"
	SuiteVersion = "v0.0.0-20241122125541-1ef36fa01286"
	SuiteSum     = "h1:t/cjDwz9uc/5ZSagWtr7nWpoEA5Imvw/ArlJuI+d+Cw="
)

// The corpus directories: documents a parser must accept (y_), must reject
// (n_) or may do either with (i_), and documents parsers accept but read
// differently, whose decoded value is recorded.
const (
	parsingDir   = "test_parsing"
	transformDir = "test_transform"
)

// JSONTestSuiteDir returns the directory of the pinned corpus module,
// downloading it when it is not in the module cache, after checking that
// its hash is the pinned one.
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

// caseClass returns the class of a corpus case: y, n, i, or transform.
func caseClass(name string) string {
	if strings.HasPrefix(name, transformDir+"/") {
		return "transform"
	}
	return name[:1]
}

// JSONTestSuite returns the suite that decodes every .json document of the
// corpus in dir into an any, in name order: the test_parsing files, each
// case named as its file, then the test_transform files, named with their
// directory. A parsing case records whether the document was accepted, a
// transform case what it decoded to.
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
