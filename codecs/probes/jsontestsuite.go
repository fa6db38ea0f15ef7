package probes

import (
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jsoncost/jsoncost/codecs"
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

// suiteTimeout bounds each JSONTestSuite case.
const suiteTimeout = 30 * time.Second

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

// JSONTestSuite returns the suite that decodes every document of the
// corpus in dir into an any: the test_parsing files by name, each case
// named as its file, then the test_transform files, named with their
// directory. A parsing case records whether the document was accepted, a
// transform case what it decoded to.
func JSONTestSuite(dir string) (*Suite, error) {
	s := &Suite{Name: jsonTestSuite, Arg: dir, Timeout: suiteTimeout}
	for _, sub := range []string{parsingDir, transformDir} {
		docs, err := readDocs(filepath.Join(dir, sub))
		if err != nil {
			return nil, fmt.Errorf("JSONTestSuite corpus: %w", err)
		}
		for _, name := range slices.Sorted(maps.Keys(docs)) {
			data := docs[name]
			k := Case{Name: name, Needs: decodesAny, Doc: func() []byte { return data }}
			if sub == transformDir {
				k.Name = path.Join(transformDir, name)
				k.Run = decodeCase(data, show)
			} else {
				if !strings.HasPrefix(name, "y_") && !strings.HasPrefix(name, "n_") && !strings.HasPrefix(name, "i_") {
					return nil, fmt.Errorf("JSONTestSuite corpus: %s/%s has no y_, n_ or i_ prefix", sub, name)
				}
				k.Run = decodeCase(data, nil)
			}
			s.Cases = append(s.Cases, k)
		}
	}
	return s, nil
}

// readDocs reads every .json file of dir by name.
func readDocs(dir string) (map[string][]byte, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err == nil && len(files) == 0 {
		err = fmt.Errorf("%s holds no .json files", dir)
	}
	if err != nil {
		return nil, err
	}
	docs := map[string][]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		docs[filepath.Base(f)] = data
	}
	return docs, nil
}

// decodeCase returns a case body that decodes doc into an any: "rejects",
// or "accepts" followed by what describe says of the value.
func decodeCase(doc []byte, describe func(any) string) func(*codecs.Codec) Outcome {
	return func(c *codecs.Codec) Outcome {
		v, err := decodeAny(c, doc)
		switch {
		case err != nil:
			return Outcome{Label: rejects}
		case describe == nil:
			return Outcome{Label: accepts}
		}
		return Outcome{Label: accepts + " " + describe(v)}
	}
}

// show writes a decoded value in JSON syntax, strings and names quoted as
// Go quotes them in ASCII, so that raw bytes read \xff and U+FFFD \ufffd.
func show(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(v)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case string:
		return strconv.QuoteToASCII(v)
	case []any:
		elems := make([]string, len(v))
		for i, e := range v {
			elems[i] = show(e)
		}
		return "[" + strings.Join(elems, ",") + "]"
	case map[string]any:
		var members []string
		for _, k := range slices.Sorted(maps.Keys(v)) {
			members = append(members, strconv.QuoteToASCII(k)+":"+show(v[k]))
		}
		return "{" + strings.Join(members, ",") + "}"
	}
	return fmt.Sprintf("(%T)", v)
}
