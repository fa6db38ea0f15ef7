package backend

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"

	"encoding/json/jsontext"
)

// Filter reduces each hit's _source in the search response doc to the fields includes
// names, as _source_includes does: patterns may hold * wildcards; kept fields keep their order.
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

// sourceMember reports whether dec's last token names a member of /hits/hits/<i>/_source.
func sourceMember(dec *jsontext.Decoder) bool {
	kind, n := dec.StackIndex(dec.StackDepth())
	p := strings.Split(string(dec.StackPointer()), "/")
	return kind == '{' && n%2 == 1 && len(p) == 6 && p[1] == "hits" && p[2] == "hits" && p[4] == "_source"
}
