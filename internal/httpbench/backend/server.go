// Package backend is the search backend the API server queries. Server is a loopback stand-in for
// Elasticsearch: it answers GET or POST /<index>/_search?size=H with the es-hits fixture of H hits,
// its _source filtered by _source_includes (Filter). Cluster's Check and Load speak to a real one.
//
// Data flows from the fixtures: a response is filtered once per distinct _source_includes and then
// served from memory, to spend little CPU beside the API server. Its stats count the response bytes
// and each search's _source_includes, so that a run can check what the API server asked for and got.
package backend

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/jsoncost/jsoncost/fixtures"
	"github.com/jsoncost/jsoncost/internal/httpbench"
)

// Server is the loopback stand-in for Elasticsearch, serving one index.
type Server struct {
	index    string
	counters httpbench.Counters
	cache    sync.Map // response body by size and _source_includes
}

// New returns a server for the index called index.
func New(index string) *Server {
	return &Server{index: index}
}

// Handler serves the search API, the root (for version checks) and the stats endpoint.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET "+httpbench.StatsPath, &s.counters)
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"name": "jsoncost", "version": map[string]string{"number": "loopback"}})
	})
	mux.HandleFunc("GET /{index}/_search", s.search)
	mux.HandleFunc("POST /{index}/_search", s.search)
	return mux
}

// ConnState counts accepted connections; set it as the http.Server's.
func (s *Server) ConnState(_ net.Conn, state http.ConnState) {
	if state == http.StateNew {
		s.counters.Conns.Add(1)
	}
}

func (s *Server) search(w http.ResponseWriter, r *http.Request) {
	s.counters.Requests.Add(1)
	if index := r.PathValue("index"); index != s.index {
		writeError(w, http.StatusNotFound, "index_not_found_exception", "no such index ["+index+"]")
		return
	}
	q := r.URL.Query()
	s.counters.Include(q.Get("_source_includes"))
	size, err := strconv.Atoi(cmp.Or(q.Get("size"), "10")) // Elasticsearch's default
	if err != nil || !slices.Contains(httpbench.Hits, size) {
		writeError(w, http.StatusBadRequest, "illegal_argument_exception",
			fmt.Sprintf("size %q: this backend serves %v hits", q.Get("size"), httpbench.Hits))
		return
	}
	body, err := s.response(size, q.Get("_source_includes"))
	if err != nil {
		writeError(w, http.StatusBadRequest, "illegal_argument_exception", err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	s.counters.Bytes.Add(uint64(len(body))) // before the client can have read them
	w.Write(body)
}

func (s *Server) response(size int, includes string) ([]byte, error) {
	key := strconv.Itoa(size) + "?" + includes
	if b, ok := s.cache.Load(key); ok {
		return b.([]byte), nil
	}
	f, err := fixtures.Lookup(httpbench.HitsFixture(size))
	var b []byte
	if err == nil {
		b, err = f.Data()
	}
	if err == nil && includes != "" {
		b, err = Filter(b, strings.Split(includes, ","))
	}
	if err != nil {
		return nil, err
	}
	b2, _ := s.cache.LoadOrStore(key, b)
	return b2.([]byte), nil
}

func writeError(w http.ResponseWriter, status int, typ, reason string) {
	cause := map[string]string{"type": typ, "reason": reason}
	writeJSON(w, status, map[string]any{"error": map[string]any{"root_cause": []any{cause}, "type": typ, "reason": reason}, "status": status})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
