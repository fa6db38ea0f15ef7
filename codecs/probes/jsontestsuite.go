package probes

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jsoncost/jsoncost/codecs"
)

// sonicModule ships the JSONTestSuite corpus under testdata/JSONTestSuite.
const sonicModule = "github.com/bytedance/sonic"

// suiteCorpus is the corpus file inside sonic's module directory: a gzipped
// JSON object from case name (y_, n_ or i_ plus the original file name) to
// document.
const suiteCorpus = "testdata/JSONTestSuite/testdata.json.gz"

// lossyNote marks a case holding U+FFFD: the corpus as sonic ships it
// replaced the original's invalid UTF-8 bytes with U+FFFD, which can turn
// an n_ case into valid JSON.
const lossyNote = "†"

// suiteTimeout bounds each JSONTestSuite case, child start-up included.
const suiteTimeout = 30 * time.Second

// JSONTestSuiteFile returns the path of the JSONTestSuite corpus in the
// module cache.
func JSONTestSuiteFile() (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", sonicModule).Output()
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			err = fmt.Errorf("%w: %s", err, bytes.TrimSpace(ee.Stderr))
		}
		return "", fmt.Errorf("locating %s: %w", sonicModule, err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		return "", fmt.Errorf("%s is not in the module cache; go mod download %s fetches it", sonicModule, sonicModule)
	}
	file := filepath.Join(dir, filepath.FromSlash(suiteCorpus))
	if _, err := os.Stat(file); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("%s has no %s; go mod download %s fetches the module: %w", sonicModule, suiteCorpus, sonicModule, err)
		}
		return "", err
	}
	return file, nil
}

// loadJSONTestSuite reads the corpus file: documents by case name, each
// name starting y_ (must accept), n_ (must reject) or i_ (either).
func loadJSONTestSuite(file string) (map[string]string, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var docs map[string]string
	if err := json.Unmarshal(data, &docs); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	for name := range docs {
		if !strings.HasPrefix(name, "y_") && !strings.HasPrefix(name, "n_") && !strings.HasPrefix(name, "i_") {
			return nil, fmt.Errorf("%s: case %q has no y_, n_ or i_ prefix", file, name)
		}
	}
	return docs, nil
}

// JSONTestSuite returns the suite that decodes every case of the corpus
// file into an any, in order of case name.
func JSONTestSuite(file string) (*Suite, error) {
	docs, err := loadJSONTestSuite(file)
	if err != nil {
		return nil, err
	}
	s := &Suite{Name: jsonTestSuite, Arg: file, Timeout: suiteTimeout}
	for _, name := range slices.Sorted(maps.Keys(docs)) {
		data := []byte(docs[name])
		note := ""
		if bytes.ContainsRune(data, utf8.RuneError) {
			note = lossyNote
		}
		s.Cases = append(s.Cases, Case{Name: name, Note: note, Run: func(c *codecs.Codec) Outcome {
			if _, err := decodeAny(c, data); err != nil {
				return Outcome{Label: rejects}
			}
			return Outcome{Label: accepts}
		}})
	}
	return s, nil
}
