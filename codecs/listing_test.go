package codecs

import (
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestConfigLines checks that the binary's lines name its Go and race
// setting and hold the codec and skips lines of exactly the codecs asked for.
func TestConfigLines(t *testing.T) {
	cs := []*Codec{goccy, encodingJSON} // encodingJSON is rawfmt.Base
	var config []benchfmt.Config
	for _, l := range ConfigLines(cs) {
		k, v, ok := strings.Cut(l, ": ")
		if !ok {
			k, ok = strings.CutSuffix(l, ":") // an empty value
		}
		if !ok {
			t.Fatalf("line %q is not key: value", l)
		}
		config = append(config, benchfmt.Config{Key: k, Value: []byte(v)})
	}
	value := func(key string) string {
		i := slices.IndexFunc(config, func(c benchfmt.Config) bool { return c.Key == key })
		if i < 0 {
			t.Errorf("no %s line", key)
			return ""
		}
		return string(config[i].Value)
	}
	if got := value(rawfmt.KeyGo); got != runtime.Version() {
		t.Errorf("%s: %q, want %q", rawfmt.KeyGo, got, runtime.Version())
	}
	if got := value(rawfmt.KeyRace); got != "false" && got != "true" {
		t.Errorf("%s: %q, want a bool", rawfmt.KeyRace, got)
	}
	parsed, bad := rawfmt.ParseCodecs(config)
	var names []string
	for _, c := range parsed {
		names = append(names, c.Name)
		if !c.HasSkips {
			t.Errorf("codec %s has no skips line", c.Name)
		}
	}
	if len(bad) > 0 || !slices.Equal(names, []string{"goccy", rawfmt.Base}) {
		t.Errorf("codec lines of %v, malformed %q; want goccy and %s", names, bad, rawfmt.Base)
	}
}
