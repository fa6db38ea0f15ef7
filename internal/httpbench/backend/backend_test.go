package backend

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/fixtures"
	"github.com/jsoncost/jsoncost/internal/httpbench"
)

func fixtureData(t *testing.T, name string) []byte {
	t.Helper()
	f, err := fixtures.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := f.Data()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func do(t *testing.T, method, url string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(`{"query":{"match_all":{}}}`))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, b
}

// TestSearch checks that the backend answers each size with the es-hits
// fixture, and with _source_includes naming the projected fields with the
// fixture's source5 variant: the bytes Elasticsearch's filtering gives,
// the document's field order kept whatever the order of the patterns.
func TestSearch(t *testing.T) {
	fields, err := httpbench.ProjectedFields()
	if err != nil {
		t.Fatal(err)
	}
	reversed := slices.Clone(fields)
	slices.Reverse(reversed)
	wildcard := slices.Concat(fields[1:], []string{fields[0][:len(fields[0])-1] + "*"})
	srv := httptest.NewServer(New("products").Handler())
	defer srv.Close()
	for _, hits := range httpbench.Hits {
		full := httpbench.HitsFixture(hits)
		source5 := strings.TrimSuffix(full, "-full") + "-source5"
		size := "?size=" + strconv.Itoa(hits)
		tests := []struct{ query, want string }{
			{size, full},
			{size + "&_source_includes=" + strings.Join(fields, ","), source5},
			{size + "&_source_includes=" + strings.Join(reversed, ","), source5},
			{size + "&_source_includes=" + strings.Join(wildcard, ","), source5},
		}
		for _, tt := range tests {
			for _, method := range []string{http.MethodGet, http.MethodPost} {
				status, got := do(t, method, srv.URL+"/products/_search"+tt.query)
				if want := fixtureData(t, tt.want); status != http.StatusOK || !bytes.Equal(got, want) {
					t.Errorf("%s %s: %d, %d bytes; want 200 and the %d bytes of %s", method, tt.query, status, len(got), len(want), tt.want)
				}
			}
		}
	}
}

// TestErrors checks the errors Elasticsearch would give: a missing index,
// a bad size, a bad pattern.
func TestErrors(t *testing.T) {
	srv := httptest.NewServer(New("products").Handler())
	defer srv.Close()
	tests := []struct {
		path   string
		status int
		typ    string
	}{
		{"/other/_search?size=10", http.StatusNotFound, "index_not_found_exception"},
		{"/products/_search?size=7", http.StatusBadRequest, "illegal_argument_exception"},
		{"/products/_search?size=ten", http.StatusBadRequest, "illegal_argument_exception"},
		{"/products/_search?size=10&_source_includes=[", http.StatusBadRequest, "illegal_argument_exception"},
	}
	for _, tt := range tests {
		status, body := do(t, http.MethodGet, srv.URL+tt.path)
		var e struct {
			Error  esError `json:"error"`
			Status int     `json:"status"`
		}
		if err := json.Unmarshal(body, &e); err != nil || status != tt.status || e.Status != tt.status || e.Error.Type != tt.typ {
			t.Errorf("GET %s: %d %s; want %d with an error of type %s", tt.path, status, body, tt.status, tt.typ)
		}
	}
}

// TestStats checks that the backend counts searches and accepted
// connections.
func TestStats(t *testing.T) {
	b := New("products")
	srv := httptest.NewUnstartedServer(b.Handler())
	srv.Config.ConnState = b.ConnState
	srv.Start()
	defer srv.Close()
	const conns, perConn = 3, 4
	for range conns {
		c := &http.Client{Transport: &http.Transport{}}
		for range perConn {
			resp, err := c.Get(srv.URL + "/products/_search?size=1")
			if err != nil {
				t.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		c.CloseIdleConnections()
	}
	s, err := httpbench.FetchStats(t.Context(), &http.Client{Transport: &http.Transport{}}, srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	if s.Requests != conns*perConn || s.Conns != conns+1 { // +1: the stats request's own
		t.Errorf("stats: %d requests, %d connections; want %d and %d", s.Requests, s.Conns, conns*perConn, conns+1)
	}
	if s.CPU <= 0 || s.AllocBytes == 0 || s.AllocObjects == 0 {
		t.Errorf("stats: CPU %s, %d bytes in %d objects allocated; want all positive", s.CPU, s.AllocBytes, s.AllocObjects)
	}
}
