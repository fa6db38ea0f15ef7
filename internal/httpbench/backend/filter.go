package backend

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"

	"github.com/go-json-experiment/json/jsontext"
)

// envelope is a search response with each hit's _source kept as raw JSON,
// its fields in the order of the es-hits fixtures.
type envelope struct {
	Took     json.RawMessage `json:"took"`
	TimedOut json.RawMessage `json:"timed_out"`
	Shards   json.RawMessage `json:"_shards"`
	Hits     struct {
		Total    json.RawMessage `json:"total"`
		MaxScore json.RawMessage `json:"max_score"`
		Hits     []struct {
			Index  json.RawMessage `json:"_index"`
			ID     json.RawMessage `json:"_id"`
			Score  json.RawMessage `json:"_score"`
			Source json.RawMessage `json:"_source"`
		} `json:"hits"`
	} `json:"hits"`
}

// Filter returns the search response doc with each hit's _source reduced
// to the fields includes names, as Elasticsearch's _source_includes does: a
// pattern may hold * wildcards, and the kept fields stay in their order.
func Filter(doc []byte, includes []string) ([]byte, error) {
	for _, p := range includes {
		if _, err := path.Match(p, ""); err != nil {
			return nil, fmt.Errorf("bad _source_includes pattern %q", p)
		}
	}
	var env envelope
	if err := json.Unmarshal(doc, &env); err != nil {
		return nil, fmt.Errorf("filtering _source: %w", err)
	}
	for i, h := range env.Hits.Hits {
		src, err := filterObject(h.Source, includes)
		if err != nil {
			return nil, fmt.Errorf("filtering _source of hit %d: %w", i, err)
		}
		env.Hits.Hits[i].Source = src
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(env); err != nil {
		return nil, fmt.Errorf("filtering _source: %w", err)
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
}

// filterObject keeps the members of a JSON object whose names match one of
// the patterns.
func filterObject(obj []byte, patterns []string) ([]byte, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(obj))
	var out bytes.Buffer
	enc := jsontext.NewEncoder(&out)
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return nil, fmt.Errorf("not an object")
	}
	enc.WriteToken(jsontext.BeginObject)
	for dec.PeekKind() == '"' {
		tok, err := dec.ReadToken()
		if err != nil {
			return nil, err
		}
		name := tok.String() // tok is valid only until the next read
		value, err := dec.ReadValue()
		if err != nil {
			return nil, err
		}
		if matches(patterns, name) {
			if err := enc.WriteToken(jsontext.String(name)); err != nil {
				return nil, err
			}
			if err := enc.WriteValue(value); err != nil {
				return nil, err
			}
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return nil, err
	}
	if err := enc.WriteToken(jsontext.EndObject); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
}

func matches(patterns []string, name string) bool {
	for _, p := range patterns {
		if ok, _ := path.Match(p, name); ok {
			return true
		}
	}
	return false
}
