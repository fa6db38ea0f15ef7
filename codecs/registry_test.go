package codecs_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/codecs/internal/gatedocs"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// TestRegistryProperties checks what every configuration, built in or
// added, must satisfy; it names none of them, so adding a codec needs no
// change here.
func TestRegistryProperties(t *testing.T) {
	all := codecs.All()
	if len(all) == 0 {
		t.Fatal("the registry is empty")
	}
	seen := map[string]bool{}
	for _, c := range all {
		if seen[c.Name] {
			t.Errorf("%s is registered twice", c.Name)
		}
		seen[c.Name] = true
		if got, err := all.Lookup(c.Name); err != nil || got != c {
			t.Errorf("Lookup(%q) = %v, %v; want the registered configuration", c.Name, got, err)
		}
		// A registered configuration passes With's checks: adding a copy
		// under a fresh name must succeed.
		cp := *c
		cp.Name = "copy-of-" + c.Name
		if _, err := all.With(&cp); err != nil {
			t.Errorf("%s breaks the registry's rules: %v", c.Name, err)
		}
	}
	// The reference configurations the gate compares with are built in.
	for _, name := range []string{"encoding-json", "json-v2"} {
		if !seen[name] {
			t.Errorf("reference configuration %s is not registered", name)
		}
	}
}

// TestRawNames checks the names the raw format spells for the pages, which
// import no codecs: the base every ratio is against is a registered std
// configuration, and std is this package's category of that name.
func TestRawNames(t *testing.T) {
	if string(codecs.Std) != rawfmt.CategoryStd {
		t.Errorf("rawfmt.CategoryStd = %q, want codecs.Std, %q", rawfmt.CategoryStd, codecs.Std)
	}
	if c, err := codecs.All().Lookup(rawfmt.Base); err != nil || c.Category != codecs.Std {
		t.Errorf("the base configuration %s: %v, %v; want a registered std configuration", rawfmt.Base, c, err)
	}
}

// stdCopy is a codec a user adds: defined here, listed, and nothing else in
// the repository changes.
var stdCopy = &codecs.Codec{
	Name:      "zz-test-only-std-copy",
	Category:  codecs.Std,
	Ops:       codecs.FullOps,
	Marshal:   json.Marshal,
	Unmarshal: json.Unmarshal,
}

func TestAddACodec(t *testing.T) {
	all, err := codecs.All().With(stdCopy)
	if err != nil {
		t.Fatal(err)
	}
	var list bytes.Buffer
	if err := codecs.WriteList(&list, all); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(list.String(), "zz-test-only-std-copy") {
		t.Errorf("listing lacks the new codec:\n%s", list.String())
	}
	c, err := all.Lookup("zz-test-only-std-copy")
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range c.Ops {
		for _, d := range gatedocs.All() {
			if applies(op, d) {
				if err := codecs.Check(c, op, input(d)); err != nil {
					t.Errorf("%s on %s: %v", op, d.Name, err)
				}
			}
		}
	}
	if _, err := codecs.All().Lookup("zz-test-only-std-copy"); err == nil {
		t.Error("adding a codec to a list changed the registry")
	}
}

func TestWithRejects(t *testing.T) {
	tests := []struct {
		name string
		c    codecs.Codec
		want string
	}{
		{"duplicate", codecs.Codec{Name: "encoding-json", Category: codecs.Std, Ops: codecs.FullOps, Marshal: json.Marshal, Unmarshal: json.Unmarshal}, "listed twice"},
		{"trailing digits", codecs.Codec{Name: "mine-2", Category: codecs.Std}, "-digits"},
		{"slash", codecs.Codec{Name: "a/b", Category: codecs.Std}, "invalid name"},
		{"category", codecs.Codec{Name: "mine", Category: "quick"}, "unknown category"},
		{"operation", codecs.Codec{Name: "mine", Category: codecs.Std, Ops: []codecs.Op{"decode-all"}}, "unknown operation"},
		{"comma", codecs.Codec{Name: "a,b", Category: codecs.Std}, "invalid name"},
		{"no operations", codecs.Codec{Name: "mine", Category: codecs.Std, Unmarshal: json.Unmarshal}, "supports no operation"},
		{"no decoder", codecs.Codec{Name: "mine", Category: codecs.Std, Ops: codecs.FullOps, Marshal: json.Marshal}, "has no Unmarshal"},
		{"no encoder", codecs.Codec{Name: "mine", Category: codecs.Std, Ops: []codecs.Op{codecs.Roundtrip}, Unmarshal: json.Unmarshal}, "has no Marshal"},
		{"std skips", codecs.Codec{Name: "mine", Category: codecs.Std, Skips: []string{"x"}, Ops: codecs.FullOps, Marshal: json.Marshal, Unmarshal: json.Unmarshal}, "category std"},
		{"std rounds", codecs.Codec{Name: "mine", Category: codecs.Std, FloatDigits: 6, Ops: codecs.FullOps, Marshal: json.Marshal, Unmarshal: json.Unmarshal}, "category std"},
		{"fast lists nothing", codecs.Codec{Name: "mine", Category: codecs.Fast, Ops: codecs.FullOps, Marshal: json.Marshal, Unmarshal: json.Unmarshal}, "must list the work it skips"},
		{"no getter", codecs.Codec{Name: "mine", Category: codecs.Fast, Skips: []string{"x"}, Ops: []codecs.Op{codecs.Get5}}, "no Get"},
		{"semicolon in skips", codecs.Codec{Name: "mine", Category: codecs.Fast, Skips: []string{"x; y"}, Ops: codecs.FullOps, Marshal: json.Marshal, Unmarshal: json.Unmarshal}, "semicolon"},
		{"empty skip", codecs.Codec{Name: "mine", Category: codecs.Fast, Skips: []string{"x", ""}, Ops: codecs.FullOps, Marshal: json.Marshal, Unmarshal: json.Unmarshal}, "empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := codecs.All().With(&tt.c)
			if err == nil {
				t.Fatal("added")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not mention %q", err, tt.want)
			}
		})
	}
}

func TestSelect(t *testing.T) {
	tests := []struct {
		spec    string
		want    string
		wantErr string
	}{
		{"goccy,encoding-json", "encoding-json,goccy", ""},
		{"sonic-.*", "sonic-std,sonic-default,sonic-fastest", ""},
		{"goccy,gocc[y]", "goccy", ""}, // a name and a pattern that match one codec select it once; a pattern no added codec can match
		{"sonic", "", `unknown codec "sonic"; valid: encoding-json, json-v2`},
		{"sonic-x.*", "", `codec pattern "sonic-x.*" matched nothing; valid: encoding-json`},
		{"(", "", "invalid codec pattern"},
	}
	for _, tt := range tests {
		cs, err := codecs.All().Select(tt.spec)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Select(%q) error = %v, want %q", tt.spec, err, tt.wantErr)
			}
			continue
		}
		var names []string
		for _, c := range cs {
			names = append(names, c.Name)
		}
		if got := strings.Join(names, ","); err != nil || got != tt.want {
			t.Errorf("Select(%q) = %q, %v; want %q", tt.spec, got, err, tt.want)
		}
	}
}

// TestSelectEverything checks that "" and ".*" select the same
// configurations, each once, and that every one of them is selectable by
// its own name alone.
func TestSelectEverything(t *testing.T) {
	all, err := codecs.All().Select("")
	if err != nil {
		t.Fatal(err)
	}
	star, err := codecs.All().Select(".*")
	if err != nil {
		t.Fatal(err)
	}
	if len(all) == 0 || !slices.Equal(all, star) {
		t.Fatalf("Select(\"\") = %d configurations, Select(\".*\") = %d; want the same, non-empty", len(all), len(star))
	}
	for i, c := range all {
		if slices.Index(all, c) != i {
			t.Errorf("%s selected twice", c.Name)
		}
		one, err := codecs.All().Select(c.Name)
		if err != nil || len(one) != 1 || one[0] != c {
			t.Errorf("Select(%q) = %v, %v; want just that configuration", c.Name, one, err)
		}
	}
}
