package codecs_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
	"github.com/jsoncost/jsoncost/codecs/internal/gatedocs"
)

func TestRegistryNames(t *testing.T) {
	want := []string{"encoding-json", "json-v2", "json-v1-on-v2", "sonic-std", "sonic-default", "sonic-fastest",
		"jsoniter-std", "jsoniter-fastest", "goccy", "segmentio", "easyjson", "gjson", "memcpy"}
	if got := codecs.Names(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Names() = %v, want %v", got, want)
	}
}

func TestSonicEngine(t *testing.T) {
	c, err := codecs.Lookup("sonic-std")
	if err != nil {
		t.Fatal(err)
	}
	switch e := c.EngineName(); e {
	case "jit", "fallback-encoding-json":
		t.Logf("sonic engine: %s", e)
	default:
		t.Errorf("sonic engine %q, want jit or fallback-encoding-json", e)
	}
}

// stdCopy is a codec a user adds: defined here, registered, and nothing else
// in the repository changes.
var stdCopy = &codecs.Codec{
	Name:      "std-copy",
	Category:  codecs.Std,
	Ops:       codecs.FullOps,
	Marshal:   json.Marshal,
	Unmarshal: json.Unmarshal,
}

func TestAddACodec(t *testing.T) {
	unregister, err := codecs.Register(stdCopy)
	if err != nil {
		t.Fatal(err)
	}
	defer unregister()

	var list bytes.Buffer
	if err := codecs.WriteList(&list, codecs.All()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(list.String(), "std-copy") {
		t.Errorf("listing lacks the new codec:\n%s", list.String())
	}
	c, err := codecs.Lookup("std-copy")
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
	unregister()
	if _, err := codecs.Lookup("std-copy"); err == nil {
		t.Error("codec still registered after unregister")
	}
}

func TestRegisterRejects(t *testing.T) {
	tests := []struct {
		name string
		c    codecs.Codec
		want string
	}{
		{"duplicate", codecs.Codec{Name: "encoding-json", Category: codecs.Std}, "already registered"},
		{"trailing digits", codecs.Codec{Name: "mine-2", Category: codecs.Std}, "-digits"},
		{"slash", codecs.Codec{Name: "a/b", Category: codecs.Std}, "invalid name"},
		{"category", codecs.Codec{Name: "mine", Category: "quick"}, "unknown category"},
		{"operation", codecs.Codec{Name: "mine", Category: codecs.Std, Ops: []codecs.Op{"decode-all"}}, "unknown operation"},
		{"no functions", codecs.Codec{Name: "mine", Category: codecs.Std, Ops: codecs.FullOps}, "lacks Marshal"},
		{"no getter", codecs.Codec{Name: "mine", Category: codecs.Fast, Ops: []codecs.Op{codecs.Get5}}, "no Get"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			unregister, err := codecs.Register(&tt.c)
			if err == nil {
				unregister()
				t.Fatal("registered")
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
		{"", strings.Join(codecs.Names(), ","), ""},
		{"goccy,encoding-json", "encoding-json,goccy", ""},
		{"sonic-.*", "sonic-std,sonic-default,sonic-fastest", ""},
		{"sonic", "", `unknown codec "sonic"; valid: encoding-json, json-v2`},
		{"(", "", "invalid codec pattern"},
	}
	for _, tt := range tests {
		cs, err := codecs.Select(tt.spec)
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
