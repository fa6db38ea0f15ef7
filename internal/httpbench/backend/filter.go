package backend

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// Filter returns the search response doc with each hit's _source reduced
// to the fields includes names, as Elasticsearch's _source_includes does: a
// pattern may hold * wildcards, and the kept fields stay in their order.
func Filter(doc []byte, includes []string) ([]byte, error) {
	for _, p := range includes {
		if _, err := path.Match(p, ""); err != nil {
			return nil, fmt.Errorf("bad _source_includes pattern %q", p)
		}
	}
	dec := jsontext.NewDecoder(bytes.NewReader(doc))
	var out bytes.Buffer
	enc := jsontext.NewEncoder(&out)
	for {
		tok, err := dec.ReadToken()
		switch {
		case errors.Is(err, io.EOF):
			return bytes.TrimSuffix(out.Bytes(), []byte("\n")), nil
		case err != nil:
		case sourceMember(dec) && !slices.ContainsFunc(includes, func(p string) bool { ok, _ := path.Match(p, tok.String()); return ok }):
			err = dec.SkipValue()
		default:
			err = enc.WriteToken(tok)
		}
		if err != nil {
			return nil, fmt.Errorf("filtering _source: %w", err)
		}
	}
}

// sourceMember reports whether the token dec read last is the name of a
// member of a hit's _source (/hits/hits/<i>/_source/<name>).
func sourceMember(dec *jsontext.Decoder) bool {
	kind, n := dec.StackIndex(dec.StackDepth())
	p := strings.Split(string(dec.StackPointer()), "/")
	return kind == '{' && n%2 == 1 && len(p) == 6 && p[1] == "hits" && p[2] == "hits" && p[4] == "_source"
}
