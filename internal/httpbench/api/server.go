// Package api is the API server under test, doing what an Elasticsearch-backed Go service does per
// request: search the backend, decode the response with the chosen codec into the fixture's types,
// copy the fields its client uses into the projected type (project.go) and encode that.
//
// Data flows per request from GET /search to the backend's /<index>/_search?size=H (with
// _source_includes when the scenario filters) through one http.Client, whose transport counts the
// connections it dials. Its Counters, CPU time and allocations are served at httpbench.StatsPath,
// its CPU profile at httpbench.ProfilePath.
package api

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/fixtures"
	"github.com/jsoncost/jsoncost/internal/httpbench"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// SearchPath is the API server's one endpoint.
const SearchPath = "/search"

// Config is what the API server does.
type Config struct {
	Backend         string // the backend's base URL
	Index           string
	rawfmt.Scenario // the scenario's Name is not used
}

// Server is the API server.
type Server struct {
	client   *http.Client
	query    string // the backend URL every search requests
	codec    *codecs.Codec
	fixture  *fixtures.Fixture // its New and NewProj make the decoded and the encoded value
	project  projector
	counters httpbench.Counters
	profiler httpbench.Profiler
}

// Codec returns the codec called name if it can decode and encode structs, as the API server does.
func Codec(name string) (*codecs.Codec, error) {
	c, err := codecs.All().Lookup(name)
	if err == nil && (!c.Supports(codecs.DecodeStruct) || !c.Supports(codecs.EncodeStruct)) {
		err = fmt.Errorf("codec %s cannot decode and encode structs, as the API server does", c.Name)
	}
	return c, err
}

// New returns a server for cfg, its codec warmed up for the types it decodes and encodes.
func New(cfg Config) (*Server, error) {
	c, err := Codec(cfg.Codec)
	if err != nil {
		return nil, err
	}
	f, err := fixtures.Lookup(httpbench.HitsFixture(cfg.Hits))
	if err != nil {
		return nil, err
	}
	if f.NewProj == nil {
		return nil, fmt.Errorf("fixture %s has no projected type", f.Name)
	}
	project, err := newProjector(reflect.TypeOf(f.NewProj()).Elem(), reflect.TypeOf(f.New()).Elem())
	if err != nil {
		return nil, err
	}
	query := strings.TrimSuffix(cfg.Backend, "/") + "/" + url.PathEscape(cfg.Index) + "/_search?size=" + strconv.Itoa(cfg.Hits)
	includes, err := httpbench.Includes(cfg.Scenario)
	if err != nil {
		return nil, err
	}
	if includes != "" {
		query += "&_source_includes=" + url.QueryEscape(includes)
	}
	idle, err := httpbench.ParsePool(cfg.Pool)
	if err != nil {
		return nil, err
	}
	s := &Server{query: query, codec: c, fixture: f, project: project}
	// Go's default transport, counting the connections it dials; idle > 0 sizes its idle pool.
	t := http.DefaultTransport.(*http.Transport).Clone()
	dial := t.DialContext
	t.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		s.counters.Conns.Add(1)
		return dial(ctx, network, addr)
	}
	if idle > 0 {
		t.MaxIdleConnsPerHost = idle
		t.MaxIdleConns = max(t.MaxIdleConns, idle)
	}
	s.client = &http.Client{Transport: t}
	if c.Warmup != nil {
		for _, v := range []any{f.New(), f.NewProj()} {
			if err := c.Warmup(v); err != nil {
				return nil, fmt.Errorf("warming up %s: %w", c.Name, err)
			}
		}
	}
	return s, nil
}

// Handler serves SearchPath, the stats and the CPU profile.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+SearchPath, s.search)
	mux.Handle("GET "+httpbench.StatsPath, &s.counters)
	mux.Handle(httpbench.ProfilePath, &s.profiler)
	return mux
}

func (s *Server) search(w http.ResponseWriter, r *http.Request) {
	s.counters.Requests.Add(1)
	body, err := s.fetch(r.Context())
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	doc := s.fixture.New()
	if err := s.codec.Unmarshal(body, doc); err != nil {
		http.Error(w, fmt.Sprintf("decoding the backend's response with %s: %v", s.codec.Name, err), http.StatusInternalServerError)
		return
	}
	out := s.fixture.NewProj()
	s.project(reflect.ValueOf(out).Elem(), reflect.ValueOf(doc).Elem())
	b, err := s.codec.Marshal(out)
	if err != nil {
		http.Error(w, fmt.Sprintf("encoding the response with %s: %v", s.codec.Name, err), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.Write(b)
}

func (s *Server) fetch(ctx context.Context) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.query, nil)
	if err != nil {
		return nil, err
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("backend: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		start, _ := io.ReadAll(io.LimitReader(resp.Body, 300))
		return nil, fmt.Errorf("backend answered %s: %s", resp.Status, strings.Join(strings.Fields(string(start)), " "))
	}
	buf := bytes.NewBuffer(make([]byte, 0, max(resp.ContentLength, 512)))
	if _, err := buf.ReadFrom(resp.Body); err != nil {
		return nil, fmt.Errorf("backend: reading the response: %w", err)
	}
	s.counters.Bytes.Add(uint64(buf.Len()))
	return buf.Bytes(), nil
}
