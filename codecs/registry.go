package codecs

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// registry is the one list of configurations; a new codec is its file and one
// line here. A configuration the build lacks (json-v2 without the jsonv2
// experiment, simdjson-go on a CPU it cannot run on) is nil and leaves the
// list; a built-in one that breaks the rules stops every program, with the
// reason. Nothing changes it after: a test that needs more configurations
// makes its own list (List.With).
var registry = func() List {
	l, err := List(nil).With(slices.DeleteFunc([]*Codec{
		encodingJSON,
		jsonV2,
		sonicStd,
		sonicDefault,
		sonicFastest,
		jsoniterStd,
		jsoniterFastest,
		goccy,
		segmentio,
		easyJSON,
		gjsonGet,
		fastjsonGet,
		jxGet,
		simdjsonGo,
	}, func(c *Codec) bool { return c == nil })...)
	if err != nil {
		panic(err)
	}
	return l
}()

// A List is configurations in order, no name twice: the registry (All), or
// a test's list made from it (With).
type List []*Codec

// All returns the registry's configurations in registry order.
func All() List { return slices.Clone(registry) }

// With returns l followed by extra, each checked by the rules every
// configuration obeys: a unique name go test can carry, known category and
// operations, the functions they call, and the category's own rules. l is
// left as it is.
func (l List) With(extra ...*Codec) (List, error) {
	out := slices.Clip(l)
	for _, c := range extra {
		if err := validate(c, out); err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Names returns the names of l in order.
func (l List) Names() []string {
	names := make([]string, len(l))
	for i, c := range l {
		names[i] = c.Name
	}
	return names
}

// Lookup returns the configuration of l called name. An unknown name is an
// error that lists the valid ones.
func (l List) Lookup(name string) (*Codec, error) {
	if i := slices.IndexFunc(l, func(c *Codec) bool { return c.Name == name }); i >= 0 {
		return l[i], nil
	}
	return nil, fmt.Errorf("unknown codec %q; valid codecs: %s", name, strings.Join(l.Names(), ", "))
}

// Select returns the configurations of l named by spec, as Match picks them.
func (l List) Select(spec string) (List, error) {
	names, err := Match("codec", spec, l.Names())
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(slices.Clone(l), func(c *Codec) bool { return !slices.Contains(names, c.Name) }), nil
}

var trailingDigits = regexp.MustCompile(`-[0-9]+$`)

// validate checks c by the rules With states, against the configurations
// before it.
func validate(c *Codec, before List) error {
	switch {
	case c.Name == "" || strings.ContainsAny(c.Name, " /=\t,"):
		return fmt.Errorf("codecs: invalid name %q", c.Name)
	case trailingDigits.MatchString(c.Name):
		return fmt.Errorf("codecs: name %q ends in -digits, which go test reserves for GOMAXPROCS", c.Name)
	case slices.ContainsFunc(before, func(r *Codec) bool { return r.Name == c.Name }):
		return fmt.Errorf("codecs: %q is listed twice", c.Name)
	case !slices.Contains(Categories, c.Category):
		return fmt.Errorf("codecs: %s: unknown category %q", c.Name, c.Category)
	case len(c.Ops) == 0:
		return fmt.Errorf("codecs: %s: supports no operation", c.Name)
	case c.Category == Std && (len(c.Skips) > 0 || c.FloatDigits > 0):
		return fmt.Errorf("codecs: %s: category std means the same bytes as encoding/json, yet it lists skipped work or rounds floats", c.Name)
	case c.Category == Fast && len(c.Skips) == 0:
		return fmt.Errorf("codecs: %s: category fast must list the work it skips (Skips)", c.Name)
	case slices.ContainsFunc(c.Skips, func(s string) bool { return s == "" || strings.Contains(s, ";") }):
		return fmt.Errorf("codecs: %s: a Skips item is empty or holds a semicolon, which separates them in raw files", c.Name)
	}
	for _, op := range c.Ops {
		switch {
		case !slices.Contains(Ops, op):
			return fmt.Errorf("codecs: %s: unknown operation %q", c.Name, op)
		case op == Get5 && c.Get == nil:
			return fmt.Errorf("codecs: %s: supports %s but has no Get", c.Name, op)
		case op.Decodes() && c.Unmarshal == nil:
			return fmt.Errorf("codecs: %s: supports %s but has no Unmarshal", c.Name, op)
		case op.Encodes() && c.Marshal == nil:
			return fmt.Errorf("codecs: %s: supports %s but has no Marshal", c.Name, op)
		}
	}
	return nil
}

// Match selects from valid the names that spec, a comma-separated list of
// names or anchored regular expressions, picks, in the order of valid; ""
// picks all. An element that matches nothing is an error listing the valid
// names; kind names what is selected.
func Match(kind, spec string, valid []string) ([]string, error) {
	if spec == "" {
		return valid, nil
	}
	picked := map[string]bool{}
	for _, elem := range strings.Split(spec, ",") {
		if elem = strings.TrimSpace(elem); elem == "" {
			continue
		}
		re, err := regexp.Compile("^(?:" + elem + ")$")
		if err != nil {
			return nil, fmt.Errorf("invalid %s pattern %q: %v", kind, elem, err)
		}
		n := 0
		for _, v := range valid {
			if re.MatchString(v) {
				picked[v] = true
				n++
			}
		}
		switch {
		case n > 0:
		case regexp.QuoteMeta(elem) == elem:
			return nil, fmt.Errorf("unknown %s %q; valid: %s", kind, elem, strings.Join(valid, ", "))
		default:
			return nil, fmt.Errorf("%s pattern %q matched nothing; valid: %s", kind, elem, strings.Join(valid, ", "))
		}
	}
	return slices.DeleteFunc(slices.Clone(valid), func(v string) bool { return !picked[v] }), nil
}
