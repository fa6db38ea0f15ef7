package page

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// Configuration keys of a bench-doc raw file: which document it measured
// and what its run found beside the measurements. A note or a refused cell
// is one line each, numbered from 1.
const (
	KeyDoc        = "doc"             // the path as given
	KeyDocSamples = "doc-samples"     // objects in it
	KeyDocFields  = "doc-fields"      // the FIELDS list
	KeyCompacted  = "doc-compacted"   // whether the input was not compact
	KeyQPS        = "doc-qps"         // the request rate of the CPU figures
	KeyPerRequest = "doc-per-request" // documents per response
	KeyGateFailed = "doc-gate-failed" // cells the correctness gate refused; absent in older files
	KeyNotePrefix = "doc-note-"       // doc-note-<n>: what the reader should know about the input
	KeyFailPrefix = "doc-failed-"     // doc-failed-<n>: <cell>: why the gate refused it
)

// Lines returns the configuration lines of info's notes and refused cells.
func (info Info) Lines() [][2]string {
	lines := [][2]string{{KeyGateFailed, strconv.Itoa(len(info.Failures))}}
	for i, n := range info.Notes {
		lines = append(lines, [2]string{KeyNotePrefix + strconv.Itoa(i+1), oneLine(n)})
	}
	for i, f := range info.Failures {
		lines = append(lines, [2]string{KeyFailPrefix + strconv.Itoa(i+1), f.Cell.Sub() + ": " + oneLine(f.Err)})
	}
	return lines
}

// oneLine joins the lines of s with spaces: a configuration value is one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// ReadInfo reads the Info of run, the raw file rawFile of the document name, from its configuration
// lines; a file from before they held notes and refused cells has Unrecorded set.
func ReadInfo(run *load.Run, name, rawFile string) (Info, error) {
	info := Info{Name: name, Filtered: name + rawfmt.FilteredSuffix, RawFile: rawFile, PerRequest: 1}
	var ok bool
	if info.Doc, ok = run.Value(KeyDoc); !ok {
		return Info{}, fmt.Errorf("%s: no %s line: not a bench-doc raw file", rawFile, KeyDoc)
	}
	info.Command, _ = run.Value(rawfmt.KeyCommand)
	if v, _ := run.Value(KeyDocFields); v != "" {
		info.Fields = strings.Split(v, ",")
	}
	failed := -1
	for _, c := range run.Config {
		var err error
		switch {
		case c.Key == KeyDocSamples:
			info.Samples, err = strconv.Atoi(c.Value)
		case c.Key == KeyCompacted:
			info.Compacted, err = strconv.ParseBool(c.Value)
		case c.Key == KeyQPS:
			info.QPS, err = strconv.ParseFloat(c.Value, 64)
		case c.Key == KeyPerRequest:
			info.PerRequest, err = strconv.Atoi(c.Value)
		case c.Key == KeyGateFailed:
			failed, err = strconv.Atoi(c.Value)
		case strings.HasPrefix(c.Key, KeyNotePrefix):
			info.Notes = append(info.Notes, c.Value)
		case strings.HasPrefix(c.Key, KeyFailPrefix):
			sub, why, _ := strings.Cut(c.Value, ": ")
			cell, ok := rawfmt.ParseCell(benchfmt.Name(rawfmt.ReadName + "/" + sub))
			if !ok {
				return Info{}, fmt.Errorf("%s: %s: %q names no cell", rawFile, c.Key, sub)
			}
			info.Failures = append(info.Failures, Failure{Cell: cell, Err: why})
		}
		if err != nil {
			return Info{}, fmt.Errorf("%s: %s %q: %w", rawFile, c.Key, c.Value, err)
		}
	}
	info.Unrecorded = failed < 0
	if !info.Unrecorded && len(info.Failures) != failed {
		return Info{}, fmt.Errorf("%s: %s is %d but the file has %d %s lines", rawFile, KeyGateFailed, failed, len(info.Failures), KeyFailPrefix+"<n>")
	}
	return info, nil
}

// DirPrefix starts the name of a results directory of a document and the
// fields its client uses, results/<machine-id>/doc-<name>-<fields>/ (Dir),
// which holds the raw file RawFile and the page PageFile.
const (
	DirPrefix = "doc-"
	RawFile   = "raw.txt"
	PageFile  = "README.md"
	NoFields  = "nofields" // the <fields> of a run without FIELDS
)

var nonName = regexp.MustCompile(`[^a-z0-9]+`)

// DocName names the document at path after its file: lower-case letters
// and digits, runs of anything else a dash; "doc" when nothing is left. It is
// the document's fixture name in the raw file.
func DocName(path string) string {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	return cmp.Or(strings.Trim(nonName.ReplaceAllString(strings.ToLower(base), "-"), "-"), "doc")
}

// Dir names the results directory of the document name measured with fields
// (comma-separated, as the doc-fields line holds them): DirPrefix, name, a dash
// and the first 8 hex digits of the SHA-256 of the fields sorted, or NoFields.
// Each document and set of fields has one; the order of fields does not count.
func Dir(name, fields string) string {
	if fields == "" {
		return DirPrefix + name + "-" + NoFields
	}
	list := strings.Split(fields, ",")
	slices.Sort(list)
	sum := sha256.Sum256([]byte(strings.Join(slices.Compact(list), ",")))
	return DirPrefix + name + "-" + hex.EncodeToString(sum[:4])
}

// FromRun renders the page of run, the raw file rawFile of the document name, from it alone.
func FromRun(run *load.Run, name, rawFile string) ([]byte, error) {
	info, err := ReadInfo(run, name, rawFile)
	if err != nil {
		return nil, err
	}
	return Render(run, info)
}
