package backend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/httpbench"
)

// fakeES serves GET / like Elasticsearch 8 and the rest with handler.
func fakeES(t *testing.T, handler http.HandlerFunc) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, _ *http.Request) {
		io.WriteString(w, `{"name":"node-1","version":{"number":"8.15.0"},"tagline":"You Know, for Search"}`)
	})
	mux.HandleFunc("/", handler)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func hitsWith(n int, source string) string {
	hits := make([]string, n)
	for i := range hits {
		hits[i] = `{"_index":"x","_id":"` + string(rune('a'+i%26)) + `","_score":1,"_source":` + source + `}`
	}
	return `{"took":1,"timed_out":false,"hits":{"total":{"value":` + strconv.Itoa(n) + `,"relation":"eq"},"hits":[` + strings.Join(hits, ",") + `]}}`
}

// TestCheck checks the one-line error of each way a cluster can be unfit,
// and that the loopback backend itself passes.
func TestCheck(t *testing.T) {
	fields, err := httpbench.ProjectedFields()
	if err != nil {
		t.Fatal(err)
	}
	var full []string
	for _, f := range fields {
		full = append(full, `"`+f+`":1`)
	}
	source := "{" + strings.Join(full, ",") + "}"

	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	loopback := httptest.NewServer(New("products").Handler())
	defer loopback.Close()

	tests := []struct {
		name, url, want string
	}{
		{"loopback backend", loopback.URL, ""},
		{"ready cluster", fakeES(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, hitsWith(100, source)) }).URL, ""},
		{"unreachable", closed.URL, "elasticsearch at " + strings.TrimPrefix(closed.URL, "http://") + " is unreachable: dial tcp"},
		{"missing index", fakeES(t, func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusNotFound)
			io.WriteString(w, `{"error":{"root_cause":[],"type":"index_not_found_exception","reason":"no such index [products]"},"status":404}`)
		}).URL, `index "products" not found at`},
		{"server error", fakeES(t, func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusServiceUnavailable)
			io.WriteString(w, `{"error":{"type":"cluster_block_exception","reason":"blocked by: [SERVICE_UNAVAILABLE/1/state not recovered];"},"status":503}`)
		}).URL, "answered GET /products/_search?size=100 with 503 Service Unavailable: cluster_block_exception: blocked by"},
		{"plain 500", fakeES(t, func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "upstream\nfailed", http.StatusInternalServerError)
		}).URL, "with 500 Internal Server Error: upstream failed"},
		{"too few documents", fakeES(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, hitsWith(3, source)) }).URL, "holds 3 documents, the scenarios need 100"},
		{"other documents", fakeES(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, hitsWith(100, `{"title":"x"}`)) }).URL, "has documents without the field"},
	}
	for _, tt := range tests {
		c := Cluster{URL: tt.url, Index: "products", Client: &http.Client{}}
		_, err := c.Check(t.Context(), 100)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: error %v; want one containing %q", tt.name, err, tt.want)
		case err != nil && strings.Contains(err.Error(), "\n"):
			t.Errorf("%s: error of more than one line: %q", tt.name, err)
		}
	}
}

// TestLoad checks the bulk request: an action and a source line per
// document of the largest fixture, into the index, refreshed; and that a
// bulk answer with errors is an error.
func TestLoad(t *testing.T) {
	var body []byte
	var query string
	ok := fakeES(t, func(w http.ResponseWriter, r *http.Request) {
		body, _ = io.ReadAll(r.Body)
		query = r.URL.RequestURI()
		io.WriteString(w, `{"took":3,"errors":false,"items":[]}`)
	})
	n, err := Cluster{URL: ok.URL, Index: "products", Client: &http.Client{}}.Load(t.Context())
	if err != nil || n != 100 {
		t.Fatalf("Load = %d, %v; want 100 documents", n, err)
	}
	if query != "/_bulk?refresh=true" {
		t.Errorf("bulk request to %s", query)
	}
	lines := 0
	ids := map[string]bool{}
	s := bufio.NewScanner(bytes.NewReader(body))
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		lines++
		if lines%2 == 1 {
			var action struct {
				Index struct {
					Index string `json:"_index"`
					ID    string `json:"_id"`
				} `json:"index"`
			}
			if err := json.Unmarshal(s.Bytes(), &action); err != nil || action.Index.Index != "products" || action.Index.ID == "" {
				t.Errorf("line %d: action %s (%v)", lines, s.Bytes(), err)
			}
			ids[action.Index.ID] = true
			continue
		}
		var source map[string]json.RawMessage
		if err := json.Unmarshal(s.Bytes(), &source); err != nil || len(source) < 5 {
			t.Errorf("line %d: source of %d fields (%v)", lines, len(source), err)
		}
	}
	if lines != 200 || len(ids) != 100 {
		t.Errorf("%d lines, %d distinct ids; want 200 and 100", lines, len(ids))
	}

	failing := fakeES(t, func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"errors":true,"items":[{"index":{"_id":"a","status":400,"error":{"type":"mapper_parsing_exception","reason":"failed to parse field [unit_price]"}}}]}`)
	})
	if _, err := (Cluster{URL: failing.URL, Index: "products", Client: &http.Client{}}).Load(t.Context()); err == nil || !strings.Contains(err.Error(), "mapper_parsing_exception") {
		t.Errorf("Load with bulk errors: %v; want the first item's error", err)
	}
}
