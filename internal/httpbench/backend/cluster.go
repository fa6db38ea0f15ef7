package backend

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/jsoncost/jsoncost/fixtures"
	"github.com/jsoncost/jsoncost/internal/httpbench"
)

// A Cluster is a real Elasticsearch or OpenSearch cluster.
type Cluster struct {
	URL    string // base URL, e.g. http://127.0.0.1:9200; user:password@ is sent as basic auth
	Index  string
	Client *http.Client
}

// Host is the cluster's host:port, without the credentials its URL may hold.
func (c Cluster) Host() string {
	u, err := url.Parse(c.URL)
	if err != nil {
		return "(bad URL)"
	}
	return u.Host
}

// Check makes sure the cluster answers and its index holds at least hits documents with
// the fields the API server projects. It returns what it runs, such as "elasticsearch 8.15.0".
func (c Cluster) Check(ctx context.Context, hits int) (version string, err error) {
	var root struct {
		Version struct{ Number, Distribution string }
	}
	if err := c.do(ctx, http.MethodGet, "/", nil, &root); err != nil {
		return "", err
	}
	version = strings.TrimSpace(cmp.Or(root.Version.Distribution, "elasticsearch") + " " + root.Version.Number)

	var res searchResponse
	if err := c.do(ctx, http.MethodGet, "/"+url.PathEscape(c.Index)+"/_search?size="+strconv.Itoa(hits), nil, &res); err != nil {
		return "", err
	}
	load := "; load the fixture documents with: go run ./scripts/http -load -es " + c.URL + " -index " + c.Index
	if n := len(res.Hits.Hits); n < hits {
		return "", fmt.Errorf("index %q at %s holds %d documents, the scenarios need %d%s", c.Index, c.Host(), n, hits, load)
	}
	want, err := httpbench.ProjectedFields()
	if err != nil {
		return "", err
	}
	var first map[string]json.RawMessage
	json.Unmarshal(res.Hits.Hits[0].Source, &first) // a _source that is no object has none of the fields
	for _, f := range want {
		if _, ok := first[f]; !ok {
			return "", fmt.Errorf("index %q at %s has documents without the field %q%s", c.Index, c.Host(), f, load)
		}
	}
	return version, nil
}

// Load bulk-indexes the largest es-hits fixture's documents, keeping their ids, into the
// index (created if missing) and refreshes it so that they are searchable when it returns.
func (c Cluster) Load(ctx context.Context) (int, error) {
	f, err := fixtures.Lookup(httpbench.HitsFixture(slices.Max(httpbench.Hits)))
	if err != nil {
		return 0, err
	}
	data, err := f.Data()
	if err != nil {
		return 0, err
	}
	var env searchResponse
	if err := json.Unmarshal(data, &env); err != nil {
		return 0, fmt.Errorf("reading %s: %w", f.Name, err)
	}
	var body bytes.Buffer
	for _, h := range env.Hits.Hits {
		action, err := json.Marshal(map[string]map[string]any{"index": {"_index": c.Index, "_id": h.ID}})
		if err != nil {
			return 0, err
		}
		fmt.Fprintf(&body, "%s\n%s\n", action, h.Source)
	}
	var res struct {
		Errors bool
		Items  []map[string]struct{ Error *esError }
	}
	if err := c.do(ctx, http.MethodPost, "/_bulk?refresh=true", &body, &res); err != nil {
		return 0, err
	}
	if res.Errors {
		for _, item := range res.Items {
			for _, op := range item {
				if op.Error != nil {
					return 0, fmt.Errorf("bulk indexing into %q at %s: %s", c.Index, c.Host(), op.Error)
				}
			}
		}
		return 0, fmt.Errorf("bulk indexing into %q at %s failed", c.Index, c.Host())
	}
	return len(env.Hits.Hits), nil
}

// A searchResponse holds the hits of a search response, or of an es-hits fixture.
type searchResponse struct {
	Hits struct {
		Hits []struct {
			ID     json.RawMessage `json:"_id"`
			Source json.RawMessage `json:"_source"`
		}
	}
}

// do sends a request, its body (if any) a bulk request, and decodes a 200 answer into v; any other
// is an error quoting it on one line.
func (c Cluster) do(ctx context.Context, method, path string, body io.Reader, v any) error {
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(c.URL, "/")+path, body)
	if err != nil {
		return fmt.Errorf("elasticsearch URL %q: %w", c.URL, err)
	}
	req.Header.Set("Content-Type", "application/x-ndjson")
	resp, err := c.Client.Do(req)
	if err != nil {
		var uerr *url.Error
		if errors.As(err, &uerr) {
			err = uerr.Err
		}
		return fmt.Errorf("elasticsearch at %s is unreachable: %w", c.Host(), err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		return fmt.Errorf("reading %s %s from %s: %w", method, path, c.Host(), err)
	}
	if resp.StatusCode != http.StatusOK {
		var e struct{ Error *esError }
		json.Unmarshal(data, &e)
		what := oneLine(string(data), 200)
		if e.Error != nil {
			what = e.Error.String()
		}
		if resp.StatusCode == http.StatusNotFound && e.Error != nil && e.Error.Type == "index_not_found_exception" {
			return fmt.Errorf("index %q not found at %s (%s); load it with: go run ./scripts/http -load -es %s -index %s", c.Index, c.Host(), what, c.URL, c.Index)
		}
		return fmt.Errorf("elasticsearch at %s answered %s %s with %s: %s", c.Host(), method, path, resp.Status, what)
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("reading %s %s from %s: %w", method, path, c.Host(), err)
	}
	return nil
}

type esError struct {
	Type   string `json:"type"`
	Reason string `json:"reason"`
}

func (e *esError) String() string { return oneLine(e.Type+": "+e.Reason, 200) }

// oneLine folds s onto one line of at most n bytes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		s = strings.ToValidUTF8(s[:n], "") + "…"
	}
	return cmp.Or(s, "(empty body)")
}
