package tempmod

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/infer"
)

// TestCreate checks the module's files, that Remove deletes them, and that
// a failed Create leaves nothing behind.
func TestCreate(t *testing.T) {
	typ, _, err := infer.Infer("Doc", []byte(`{"id":1}`))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	root := filepath.Join(t.TempDir(), "a checkout")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	doc := &Doc{Name: "doc", Samples: [][]byte{[]byte(`{"id":1}`), []byte(`{"id":2}`)}, Type: typ}
	if _, err := Create(root, doc); err == nil || !strings.Contains(err.Error(), "go.sum") {
		t.Errorf("Create without a go.sum: %v", err)
	}
	if left, _ := os.ReadDir(tmp); len(left) > 0 {
		t.Errorf("a failed Create left %s", left[0].Name())
	}
	if err := os.WriteFile(filepath.Join(root, "go.sum"), []byte("sums\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := Create(root, doc)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"go.mod":        `replace github.com/jsoncost/jsoncost => "` + root + `"`,
		"go.sum":        "sums\n",
		"types.go":      "type Doc struct",
		"doc.ndjson":    "{\"id\":1}\n{\"id\":2}\n",
		"bench_test.go": "New:      func() any { return new(Doc) },\n\tEasyjson: false,",
	}
	for name, text := range want {
		data, err := os.ReadFile(filepath.Join(m.Dir, name))
		if err != nil || !strings.Contains(string(data), text) {
			t.Errorf("%s = %q, %v; want it to hold %q", name, data, err, text)
		}
	}
	// The module is one of its own, which may import no internal package
	// of the suite.
	goMod, _ := os.ReadFile(filepath.Join(m.Dir, "go.mod"))
	test, _ := os.ReadFile(filepath.Join(m.Dir, "bench_test.go"))
	if strings.HasPrefix(Path, suite+"/") || !strings.HasPrefix(string(goMod), "module "+Path+"\n") || strings.Contains(string(test), suite+"/internal/") {
		t.Errorf("the module %s is nested in the suite's or imports its internal packages:\n%s\n%s", Path, goMod, test)
	}
	if err := m.Remove(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(m.Dir); !os.IsNotExist(err) {
		t.Errorf("Remove left %s: %v", m.Dir, err)
	}
}
