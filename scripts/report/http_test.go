package main

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/site"
)

// httpRawFile is an HTTP raw file make bench-http wrote.
const httpRawFile = "testdata/http.txt"

// httpRaw is httpRawFile's text.
func httpRaw(t *testing.T) string {
	t.Helper()
	return readFile(t, httpRawFile)
}

// writeHTTPRaw writes an HTTP raw file of machine m under results.
func writeHTTPRaw(t *testing.T, results, m, name, text string) {
	t.Helper()
	dir := filepath.Join(results, m, site.HTTPDir, "raw")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// httpBuild is a report of synth{} and httpRawFile, both
// testRaw, over an HTTP directory that already holds a chart the raw file
// has none of and a file the report does not own.
type httpBuild struct {
	out  string            // the command's output
	tree map[string][]byte // the results directory after it, by slash path
}

// builtHTTP builds the httpBuild once for the tests that read it.
var builtHTTP = sync.OnceValues(func() (httpBuild, error) {
	raw, err := os.ReadFile(httpRawFile)
	if err != nil {
		return httpBuild{}, err
	}
	dir, err := os.MkdirTemp("", "report-http-")
	if err != nil {
		return httpBuild{}, err
	}
	defer os.RemoveAll(dir)
	if err := writeFiles(dir, map[string][]byte{
		testMachine + "/raw/" + testRaw:                             []byte(synth{}.text()),
		testMachine + "/" + site.HTTPDir + "/raw/" + testRaw:        raw,
		testMachine + "/" + site.HTTPDir + "/latency-9-workers.svg": []byte("stale"),
		testMachine + "/" + site.HTTPDir + "/notes.txt":             []byte("stale"),
	}); err != nil {
		return httpBuild{}, err
	}
	var out bytes.Buffer
	if err := run([]string{"-results", dir}, &out, &out); err != nil {
		return httpBuild{}, fmt.Errorf("report: %w\n%s", err, out.String())
	}
	files, err := tree(dir)
	return httpBuild{out.String(), files}, err
})

// The report builds a machine's HTTP page and charts from its preferred
// raw file, links the page from the index, and removes the charts it no
// longer has; the raw files and other files stay.
func TestHTTPPage(t *testing.T) {
	t.Parallel()
	b, err := builtHTTP()
	if err != nil {
		t.Fatal(err)
	}
	if want := "report: " + testMachine + "/http: built from raw/" + testRaw + "\n"; !strings.Contains(b.out, want) {
		t.Errorf("output lacks %q:\n%s", want, b.out)
	}
	prefix := testMachine + "/" + site.HTTPDir + "/"
	var got []string
	for p := range b.tree {
		if rel, ok := strings.CutPrefix(p, prefix); ok {
			got = append(got, rel)
		}
	}
	slices.Sort(got)
	if want := []string{"README.md", "latency-200-rps.svg", "latency-64-workers.svg", "notes.txt", "raw/" + testRaw}; !slices.Equal(got, want) {
		t.Errorf("http/ holds %q, want %q", got, want)
	}
	if page := string(b.tree[prefix+"README.md"]); !strings.Contains(page, "(latency-64-workers.svg)") {
		t.Errorf("the page shows no chart:\n%s", page)
	}
	if index := string(b.tree["README.md"]); !strings.Contains(index, "("+testMachine+"/http/README.md)") {
		t.Errorf("the index does not link the HTTP page:\n%s", index)
	}
}

// A cut HTTP raw file fails the report with a line naming the machine and
// the file, and changes no page.
func TestCutHTTPRawFileChangesNoPage(t *testing.T) {
	t.Parallel()
	b, err := builtHTTP()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := writeFiles(dir, b.tree); err != nil {
		t.Fatal(err)
	}
	before := readTree(t, dir)
	whole := httpRaw(t)
	later := rawName(60, rawfmt.KindFull)
	writeHTTPRaw(t, dir, testMachine, later, whole[:strings.LastIndex(whole, " req/s")])
	_, err = runReport(t, "-results", dir)
	if want := "machine " + testMachine + ": " + later + ":"; err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("error %v, want one line starting %q", err, want)
	}
	after := readTree(t, dir)
	delete(after, testMachine+"/http/raw/"+later)
	for _, p := range slices.Sorted(maps.Keys(after)) {
		if !bytes.Equal(before[p], after[p]) {
			t.Errorf("%s changed", p)
		}
	}
	if len(after) != len(before) {
		t.Errorf("%d files after, %d before", len(after), len(before))
	}
}

// An HTTP page of an older Go than another machine's says so at its top;
// the newer one does not.
func TestHTTPPageOfOlderGo(t *testing.T) {
	t.Parallel()
	raw := httpRaw(t)
	goLine := regexp.MustCompile(`(?m)^go: .*$`)
	dir := t.TempDir()
	files := map[string][]byte{}
	for m, g := range map[string]string{"old-machine": "go1.26.8", "new-machine": "go1.27.3"} {
		files[m+"/"+site.HTTPDir+"/raw/"+testRaw] = []byte(goLine.ReplaceAllString(raw, "go: "+g))
		files[m+"/raw/"+testRaw] = []byte(synth{}.text())
	}
	if err := writeFiles(dir, files); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run([]string{"-results", dir}, &out, &out); err != nil {
		t.Fatalf("report: %v\n%s", err, out.String())
	}
	for m, want := range map[string]string{
		"old-machine": "**Not today's Go:** this run is of go1.26.8, and other machines' runs are of go1.27.3",
		"new-machine": "",
	} {
		page := readFile(t, filepath.Join(dir, m, site.HTTPDir, "README.md"))
		if says := strings.Contains(page, "Not today's Go"); says != (want != "") || !strings.Contains(page, want) {
			t.Errorf("%s: the page says it is not today's Go: %v, want %q", m, says, want)
		}
	}
}
