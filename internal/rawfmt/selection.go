package rawfmt

import (
	"flag"
	"strings"
)

// A Selection names the parts of the matrix to run, per dimension a
// comma-separated list of names or anchored regular expressions; "" selects
// everything. make passes it as CODECS, OPS and FIXTURES; the runner as
// -codecs, -ops and -fixtures; the benchmark binary as -jsoncost.codecs,
// -jsoncost.ops and -jsoncost.fixtures.
type Selection struct {
	Codecs, Ops, Fixtures string
}

// BinaryFlagPrefix prefixes the selection flags of the benchmark binary.
const BinaryFlagPrefix = "jsoncost."

// The benchmark binary's order flags: the run's seed (KeyOrderSeed) and the
// round, which together pick the order of its cells.
const (
	BinarySeedFlag  = BinaryFlagPrefix + "seed"
	BinaryRoundFlag = BinaryFlagPrefix + "round"
)

// RegisterFlags defines the selection's flags, each name prefixed by prefix.
func (s *Selection) RegisterFlags(fs *flag.FlagSet, prefix string) {
	fs.StringVar(&s.Codecs, prefix+"codecs", s.Codecs, "codecs: comma-separated names or patterns (default all)")
	fs.StringVar(&s.Ops, prefix+"ops", s.Ops, "operations: comma-separated names or patterns (default all)")
	fs.StringVar(&s.Fixtures, prefix+"fixtures", s.Fixtures, "fixtures: comma-separated names or patterns (default all)")
}

// Args returns the command-line arguments that set s through flags
// registered with prefix.
func (s Selection) Args(prefix string) []string {
	return []string{
		"-" + prefix + "codecs", s.Codecs,
		"-" + prefix + "ops", s.Ops,
		"-" + prefix + "fixtures", s.Fixtures,
	}
}

// IsZero reports whether s selects everything.
func (s Selection) IsZero() bool { return s == Selection{} }

// String is the selection as a configuration value, e.g.
// "codecs=goccy,encoding-json ops=* fixtures=fields-.*".
func (s Selection) String() string {
	star := func(v string) string {
		if v == "" {
			return "*"
		}
		return v
	}
	return strings.Join([]string{"codecs=" + star(s.Codecs), "ops=" + star(s.Ops), "fixtures=" + star(s.Fixtures)}, " ")
}
