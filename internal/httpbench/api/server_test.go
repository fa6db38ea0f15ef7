package api

import (
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/jsoncost/jsoncost/fixtures"
	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/httpbench/backend"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// newBackend starts the loopback backend for index "products".
func newBackend(t *testing.T) (*httptest.Server, *backend.Server) {
	t.Helper()
	b := backend.New("products")
	srv := httptest.NewUnstartedServer(b.Handler())
	srv.Config.ConnState = b.ConnState
	srv.Start()
	t.Cleanup(srv.Close)
	return srv, b
}

func newAPI(t *testing.T, backendURL string, s rawfmt.Scenario) (*httptest.Server, *Server) {
	t.Helper()
	a, err := New(Config{Backend: backendURL, Index: "products", Scenario: s})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler())
	t.Cleanup(srv.Close)
	return srv, a
}

func search(t *testing.T, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url + SearchPath)
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

// reference is what the API server must answer for hits: the fixture
// decoded into its projected type and encoded, by encoding/json.
func reference(t *testing.T, hits int) (any, []byte) {
	t.Helper()
	f, err := fixtures.Lookup(httpbench.HitsFixture(hits))
	if err != nil {
		t.Fatal(err)
	}
	data, err := f.Data()
	if err != nil {
		t.Fatal(err)
	}
	v := f.NewProj()
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return v, b
}

// serverStats reads the stats of the server at url.
func serverStats(t *testing.T, url string) httpbench.Stats {
	t.Helper()
	s, err := httpbench.FetchStats(t.Context(), &http.Client{Transport: &http.Transport{}}, url)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSearch checks every codec, source and hits: the answer holds the
// projected fields of every hit, the same value encoding/json gives, and
// for encoding/json the same bytes; the backend received the scenario's
// _source_includes, the projected fields when it filters and none when
// not, and sent as many bytes as the API server read, fewer when filtered
// than in full.
func TestSearch(t *testing.T) {
	backendSrv, _ := newBackend(t)
	fields, err := httpbench.ProjectedFields()
	if err != nil {
		t.Fatal(err)
	}
	for _, codec := range httpbench.DefaultCodecs {
		sent := map[string]uint64{} // backend bytes of one response by source
		for _, hits := range httpbench.Hits {
			for _, source := range []string{httpbench.SourceFull, httpbench.SourceFiltered} {
				s := rawfmt.Scenario{Codec: codec, Source: source, Hits: hits, Pool: httpbench.PoolSized(4)}
				apiSrv, a := newAPI(t, backendSrv.URL, s)
				before := serverStats(t, backendSrv.URL)
				status, body := search(t, apiSrv.URL)
				served := serverStats(t, backendSrv.URL).Sub(before)
				includes := map[string]uint64{"": 1}
				if source == httpbench.SourceFiltered {
					includes = map[string]uint64{strings.Join(fields, ","): 1}
				}
				if !maps.Equal(served.Includes, includes) {
					t.Errorf("%+v: the backend received _source_includes %v, want %v", s, served.Includes, includes)
				}
				if read := a.counters.Bytes.Load(); served.Bytes == 0 || read != served.Bytes {
					t.Errorf("%+v: the backend sent %d bytes, the API server read %d", s, served.Bytes, read)
				}
				sent[source] = served.Bytes
				want, wantBytes := reference(t, hits)
				f, _ := fixtures.Lookup(httpbench.HitsFixture(hits))
				got := f.NewProj()
				if err := json.Unmarshal(body, got); status != http.StatusOK || err != nil {
					t.Fatalf("%+v: %d %s (%v)", s, status, body, err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%+v: the answer differs from the fixture's projection:\n got %s\nwant %s", s, body, wantBytes)
				}
				if codec == "encoding-json" && string(body) != string(wantBytes) {
					t.Errorf("%+v: %s\nwant %s", s, body, wantBytes)
				}
			}
			if sent[httpbench.SourceFiltered] >= sent[httpbench.SourceFull] {
				t.Errorf("%s, %d hits: filtered response of %d bytes, full of %d; want it smaller", codec, hits, sent[httpbench.SourceFiltered], sent[httpbench.SourceFull])
			}
		}
	}
}

// TestBackendError checks that a backend error reaches the client as 502
// with what the backend said.
func TestBackendError(t *testing.T) {
	backendSrv, _ := newBackend(t)
	apiSrv, _ := newAPI(t, backendSrv.URL+"/nothing-here", httpbench.Base(4))
	status, body := search(t, apiSrv.URL)
	if status != http.StatusBadGateway || !strings.Contains(string(body), "backend answered 404") {
		t.Errorf("got %d %s; want 502 quoting the backend's 404", status, body)
	}
}

// TestConns checks that the API server counts every backend connection it
// opens, as many as the backend accepts, and that a sized pool opens no
// more than there are requests in flight.
func TestConns(t *testing.T) {
	const inFlight, rounds = 6, 5
	for _, pool := range []string{httpbench.PoolDefault, httpbench.PoolSized(inFlight)} {
		backendSrv, _ := newBackend(t)
		s := httpbench.Base(inFlight)
		s.Pool = pool
		apiSrv, _ := newAPI(t, backendSrv.URL, s)
		for range rounds {
			var wg sync.WaitGroup
			for range inFlight {
				wg.Go(func() {
					if status, body := search(t, apiSrv.URL); status != http.StatusOK {
						t.Errorf("%d %s", status, body)
					}
				})
			}
			wg.Wait()
		}
		apiStats, backendStats := serverStats(t, apiSrv.URL), serverStats(t, backendSrv.URL)
		if apiStats.Requests != inFlight*rounds || apiStats.Conns == 0 || apiStats.Conns+1 != backendStats.Conns { // +1: the stats request's
			t.Errorf("pool %s: %d requests, %d connections dialled, the backend accepted %d (one for its stats); want %d requests and the same count",
				pool, apiStats.Requests, apiStats.Conns, backendStats.Conns, inFlight*rounds)
		}
		// A kept connection goes back to the pool a moment after its response
		// is read, so a round may dial one while another is on its way back:
		// the bound is that most requests reused one, not an exact count.
		if pool != httpbench.PoolDefault && apiStats.Conns > inFlight*rounds/2 {
			t.Errorf("pool %s: %d connections for %d requests, %d in flight: the pool kept none", pool, apiStats.Conns, inFlight*rounds, inFlight)
		}
	}
}

// TestNewRejects checks configurations the server cannot run.
func TestNewRejects(t *testing.T) {
	base := httpbench.Base(4)
	for _, change := range []func(*rawfmt.Scenario){
		func(s *rawfmt.Scenario) { s.Codec = "gjson" },
		func(s *rawfmt.Scenario) { s.Codec = "nope" },
		func(s *rawfmt.Scenario) { s.Hits = 7 },
		func(s *rawfmt.Scenario) { s.Source = "some" },
		func(s *rawfmt.Scenario) { s.Pool = "big" },
	} {
		s := base
		change(&s)
		if _, err := New(Config{Backend: "http://127.0.0.1:1", Index: "x", Scenario: s}); err == nil {
			t.Errorf("New(%+v) succeeded", s)
		}
	}
}

func TestProjectorMismatch(t *testing.T) {
	type src struct {
		A string `json:"a"`
	}
	type dst struct {
		B string `json:"b"`
	}
	type dstInt struct {
		A int `json:"a"`
	}
	for _, d := range []reflect.Type{reflect.TypeFor[dst](), reflect.TypeFor[dstInt]()} {
		if _, err := newProjector(d, reflect.TypeFor[src]()); err == nil {
			t.Errorf("projecting %s from %s succeeded", d, reflect.TypeFor[src]())
		}
	}
}
