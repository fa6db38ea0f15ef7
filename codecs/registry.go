package codecs

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// registry is the one list of configurations; a new codec is its file and one line here.
var registry = []*Codec{
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
}

// A built-in configuration that breaks the rules stops every program, with the reason. A configuration the build
// lacks (json-v2 without the jsonv2 experiment) is nil and leaves the list.
func init() {
	registry = slices.DeleteFunc(registry, func(c *Codec) bool { return c == nil })
	for i, c := range registry {
		if err := validate(c, registry[:i]); err != nil {
			panic(err)
		}
	}
}

var mu sync.RWMutex

// All returns the registered configurations in registry order.
func All() []*Codec {
	mu.RLock()
	defer mu.RUnlock()
	return slices.Clone(registry)
}

// Names returns the registered names in registry order.
func Names() []string {
	var names []string
	for _, c := range All() {
		names = append(names, c.Name)
	}
	return names
}

// Register adds c to the registry and returns a function that removes it
// again. Only tests call it (through package codecs/codectest, too).
func Register(c *Codec) (unregister func(), err error) {
	mu.Lock()
	defer mu.Unlock()
	if err := validate(c, registry); err != nil {
		return nil, err
	}
	registry = append(registry, c)
	return func() {
		mu.Lock()
		defer mu.Unlock()
		registry = slices.DeleteFunc(registry, func(r *Codec) bool { return r == c })
	}, nil
}

var trailingDigits = regexp.MustCompile(`-[0-9]+$`)

// validate checks the rules every configuration obeys: a unique name go
// test can carry, known category and operations, the functions they call,
// and the category's own rules.
func validate(c *Codec, others []*Codec) error {
	switch {
	case c.Name == "" || strings.ContainsAny(c.Name, " /=\t,"):
		return fmt.Errorf("codecs: invalid name %q", c.Name)
	case trailingDigits.MatchString(c.Name):
		return fmt.Errorf("codecs: name %q ends in -digits, which go test reserves for GOMAXPROCS", c.Name)
	case slices.ContainsFunc(others, func(r *Codec) bool { return r.Name == c.Name }):
		return fmt.Errorf("codecs: %q is already registered", c.Name)
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

// Lookup returns the configuration called name. An unknown name is an error
// that lists the valid ones.
func Lookup(name string) (*Codec, error) {
	all := All()
	if i := slices.IndexFunc(all, func(c *Codec) bool { return c.Name == name }); i >= 0 {
		return all[i], nil
	}
	return nil, fmt.Errorf("unknown codec %q; valid codecs: %s", name, strings.Join(Names(), ", "))
}

// Select returns the configurations named by spec, as Match picks them.
func Select(spec string) ([]*Codec, error) {
	names, err := Match("codec", spec, Names())
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(All(), func(c *Codec) bool { return !slices.Contains(names, c.Name) }), nil
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
