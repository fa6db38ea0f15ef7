package cpuprofile

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
	"golang.org/x/perf/benchfmt"

	"github.com/jsoncost/jsoncost/internal/cpuprofile/profiletest"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
)

// codecLines are the codec lines of a raw full run, the only source of the table.
var codecLines = []rawfmt.CodecConfig{
	{Name: "encoding-json", ModuleVersion: "std@go1.27.3", Category: "std"},
	{Name: "json-v2", ModuleVersion: "std@go1.27.3", Category: "v2"},
	{Name: "sonic-std", ModuleVersion: "github.com/bytedance/sonic@v1.15.5", Category: "near-std"},
	{Name: "sonic-fastest", ModuleVersion: "github.com/bytedance/sonic@v1.15.5", Category: "fast"},
	{Name: "goccy", ModuleVersion: "github.com/goccy/go-json@v0.12.0", Category: "std"},
	{Name: "jsoniter-std", ModuleVersion: "github.com/json-iterator/go@v1.1.12", Category: "near-std"},
	{Name: "segmentio", ModuleVersion: "github.com/segmentio/encoding@v0.5.4", Category: "near-std"},
	{Name: "easyjson", ModuleVersion: "github.com/mailru/easyjson@v0.9.2", Category: "codegen"},
	{Name: "gjson", ModuleVersion: "github.com/tidwall/gjson@v1.20.2", Category: "fast"},
}

func stack(s string) []string { return strings.Fields(s) }

const serve = "main.handle net/http.HandlerFunc.ServeHTTP net/http.(*conn).serve runtime.goexit"

func TestClassify(t *testing.T) {
	tests := []struct {
		name   string
		stack  string // leaf first
		class  Class
		module string // the codec module of JSON work
		config string
		site   string
	}{
		{"std decode", "encoding/json.(*decodeState).object encoding/json.(*decodeState).unmarshal encoding/json.Unmarshal " + serve, Decode, StdJSON, "encoding-json", "main.handle"},
		{"std on the v2 engine", "encoding/json/jsontext.(*Decoder).ReadToken encoding/json/v2.unmarshalFull encoding/json.Unmarshal " + serve, Decode, StdJSON, "encoding-json", "main.handle"},
		{"std encode", "runtime.memmove encoding/json.(*encodeState).marshal encoding/json.Marshal " + serve, Encode, StdJSON, "encoding-json", "main.handle"},
		{"v2 entry", "encoding/json/v2.Marshal " + serve, Encode, StdJSON, "json-v2", "main.handle"},
		{"jsontext entry reads", "encoding/json/jsontext.(*Decoder).ReadValue " + serve, Decode, StdJSON, "json-v2", "main.handle"},
		{"allocation inside decode", "runtime.mallocgc runtime.newobject encoding/json.(*decodeState).object encoding/json.Unmarshal " + serve, Decode, StdJSON, "encoding-json", "main.handle"},
		{"sonic, its native code and loader", "github.com/bytedance/sonic/internal/native/avx2.__skip_one github.com/bytedance/sonic/loader.wrap github.com/bytedance/sonic.Unmarshal " + serve, Decode, "github.com/bytedance/sonic", "sonic-std", "main.handle"},
		{"sonic encode", "github.com/bytedance/sonic/internal/encoder.encodeTypedPointer github.com/bytedance/sonic.Marshal " + serve, Encode, "github.com/bytedance/sonic", "sonic-std", "main.handle"},
		{"goccy generic", "github.com/goccy/go-json/internal/decoder.(*structDecoder).Decode github.com/goccy/go-json.Unmarshal[go.shape.*uint8] " + serve, Decode, "github.com/goccy/go-json", "goccy", "main.handle"},
		{"jsoniter", "github.com/json-iterator/go.(*Iterator).ReadString github.com/json-iterator/go.(*frozenConfig).Unmarshal " + serve, Decode, "github.com/json-iterator/go", "jsoniter-std", "main.handle"},
		{"segmentio, not segmentio/asm", "github.com/segmentio/asm/ascii.Valid github.com/segmentio/encoding/json.Marshal " + serve, Encode, "github.com/segmentio/encoding", "segmentio", "main.handle"},
		{"easyjson via generated code", "github.com/mailru/easyjson/jlexer.(*Lexer).String example.com/app.easyjsonDecode_Doc example.com/app.(*Doc).UnmarshalEasyJSON " + serve, Decode, "github.com/mailru/easyjson", "easyjson", "example.com/app.easyjsonDecode_Doc"},
		{"gjson reads", "github.com/tidwall/gjson.Get " + serve, Decode, "github.com/tidwall/gjson", "gjson", "main.handle"},
		{"the runtime above a codec is no site", "encoding/json.Marshal runtime.call32 reflect.Value.Call main.run", Encode, StdJSON, "encoding-json", "reflect.Value.Call"},
		{"GC assist inside decode", "runtime.gcDrainN runtime.gcAssistAlloc1 runtime.gcAssistAlloc runtime.mallocgc encoding/json.(*decodeState).object encoding/json.Unmarshal " + serve, GC, "", "", ""},
		{"a decoder's network read", "internal/runtime/syscall.Syscall6 syscall.read internal/poll.(*FD).Read net.(*conn).Read bufio.(*Reader).Read net/http.(*body).Read encoding/json.(*Decoder).refill encoding/json.(*Decoder).readValue encoding/json.(*Decoder).Decode " + serve, Net, "", "", ""},
		{"a v2 decoder's network read", "syscall.read net.(*conn).Read net/http.(*body).Read encoding/json/jsontext.(*decoderState).fetch encoding/json/jsontext.(*Decoder).ReadValue encoding/json.(*Decoder).Decode " + serve, Net, "", "", ""},
		{"GC worker", "runtime.scanobject runtime.gcDrain runtime.gcBgMarkWorker.func2 runtime.systemstack runtime.gcBgMarkWorker runtime.goexit", GC, "", "", ""},
		{"GC pseudo-frame", "runtime._GC", GC, "", "", ""},
		{"sweeper", "runtime.sweepone runtime.bgsweep runtime.goexit", GC, "", "", ""},
		{"allocation outside JSON", "runtime.mallocgc runtime.makeslice bytes.growSlice bytes.(*Buffer).ReadFrom main.fetch " + serve, GC, "", "", ""},
		{"read syscall", "internal/runtime/syscall.Syscall6 syscall.Syscall syscall.read internal/poll.(*FD).Read net.(*conn).Read net/http.(*persistConn).Read bufio.(*Reader).fill runtime.goexit", Net, "", "", ""},
		{"net/http itself", "runtime.memmove net/http.Header.Clone net/http.(*Transport).roundTrip main.fetch " + serve, Net, "", "", ""},
		{"poller", "runtime.netpoll runtime.findRunnable runtime.schedule runtime.mcall", Net, "", "", ""},
		{"program code under net/http", "runtime.memmove reflect.Value.Set main.project main.handle " + serve, Other, "", "", ""},
		{"program code through a helper", "strconv.Itoa main.handle " + serve, Other, "", "", ""},
		{"scheduler", "runtime.futex runtime.notesleep runtime.stopm runtime.findRunnable runtime.schedule", Other, "", "", ""},
		{"no JSON in another module's json package", "example.com/json.Unmarshal main.run", Other, "", "", ""},
	}
	table := NewTable(codecLines)
	var stacks [][]string
	var ns []int64
	for _, tt := range tests {
		stacks, ns = append(stacks, stack(tt.stack)), append(ns, 10)
	}
	p := profiletest.Synthetic(stacks, ns)
	for i, tt := range tests {
		b := table.Attribute(p, func(s *profile.Sample) bool { return s == p.Sample[i] })
		if b.Total != 10 || b.Class[tt.class] != 10 {
			t.Errorf("%s: classes %v of %g, want all %g in %s", tt.name, b.Class, b.Total, b.Total, tt.class)
			continue
		}
		if tt.class != Decode && tt.class != Encode {
			if len(b.Codecs) != 0 {
				t.Errorf("%s: codecs %v, want none", tt.name, b.Codecs)
			}
			continue
		}
		if len(b.Codecs) != 1 || len(b.Codecs[0].Sites) != 1 {
			t.Errorf("%s: codecs %+v, want one with one site", tt.name, b.Codecs)
			continue
		}
		c := b.Codecs[0]
		if c.Path != tt.module || c.Config.Name != tt.config || c.Sites[0].Func != tt.site {
			t.Errorf("%s: module %s, configuration %s, site %s; want %s, %s, %s", tt.name, c.Path, c.Config.Name, c.Sites[0].Func, tt.module, tt.config, tt.site)
		}
	}
}

// TestEngineAndBody checks that the frames of encoding/json tell its engine, and that the reading of an
// HTTP body is counted whatever its class.
func TestEngineAndBody(t *testing.T) {
	table := NewTable(codecLines)
	for _, tt := range []struct {
		stack, engine string
		body          bool
	}{
		{"encoding/json.(*decodeState).object encoding/json.Unmarshal main.a", EngineV1, false},
		{"encoding/json.(*encodeState).marshal encoding/json.Marshal main.a", EngineV1, false},
		{"encoding/json/jsontext.(*Decoder).ReadToken encoding/json/v2.unmarshalFull encoding/json.Unmarshal main.a", EngineV2, false},
		{"github.com/goccy/go-json.Unmarshal main.a", "", false},
		{"syscall.read net/http.(*body).Read encoding/json.(*Decoder).refill encoding/json.(*Decoder).Decode main.a", "", true},
		{"runtime.mallocgc bytes.growSlice bytes.(*Buffer).ReadFrom main.fetch", "", false},
		{"runtime.memmove bufio.(*Reader).Read net/http.(*body).Read bytes.(*Buffer).ReadFrom main.fetch", "", true},
	} {
		b := table.Attribute(profiletest.Synthetic([][]string{stack(tt.stack)}, []int64{10}), nil)
		if b.Engine != tt.engine || (b.Body == 10) != tt.body {
			t.Errorf("%s: engine %q, body %g; want %q, %t", tt.stack, b.Engine, b.Body, tt.engine, tt.body)
		}
	}
}

// TestAttributeSums checks that the classes and the codecs' shares add up, and that sites and codecs are most first.
func TestAttributeSums(t *testing.T) {
	p := profiletest.Synthetic([][]string{
		stack("encoding/json.Unmarshal main.a"),
		stack("encoding/json.Unmarshal main.b"),
		stack("encoding/json.Marshal main.b"),
		stack("github.com/goccy/go-json.Marshal main.c"),
		stack("runtime.gcBgMarkWorker"),
		stack("main.c"),
	}, []int64{10, 30, 5, 20, 7, 3})
	b := NewTable(codecLines).Attribute(p, nil)
	want := [NumClasses]float64{Decode: 40, Encode: 25, GC: 7, Other: 3}
	if b.Total != 75 || b.Class != want || b.JSON() != 65 {
		t.Fatalf("total %g, classes %v; want 75, %v", b.Total, b.Class, want)
	}
	if len(b.Codecs) != 2 || b.Codecs[0].Path != StdJSON || b.Codecs[0].Decode != 40 || b.Codecs[0].Encode != 5 || b.Codecs[1].Encode != 20 {
		t.Fatalf("codecs %+v", b.Codecs)
	}
	sites := b.Codecs[0].Sites
	if len(sites) != 2 || sites[0] != (Site{"main.b", 30, 5}) || sites[1] != (Site{"main.a", 10, 0}) {
		t.Errorf("sites %+v, want main.b (30, 5) then main.a (10, 0)", sites)
	}
}

func TestPackagePath(t *testing.T) {
	for fn, want := range map[string]string{
		"encoding/json.(*decodeState).object":                               "encoding/json",
		"encoding/json/v2.Unmarshal":                                        "encoding/json/v2",
		"github.com/goccy/go-json.Unmarshal[go.shape.*github.com/x/y.T]":    "github.com/goccy/go-json",
		"github.com/bytedance/sonic/internal/decoder/jitdec.(*Decoder).Dec": "github.com/bytedance/sonic/internal/decoder/jitdec",
		"runtime.gcBgMarkWorker.func2":                                      "runtime",
		"gopkg.in/yaml%2ev3.Unmarshal":                                      "gopkg.in/yaml.v3",
		"main.main":                                                         "main",
	} {
		if got := packagePath(fn); got != want {
			t.Errorf("packagePath(%q) = %q, want %q", fn, got, want)
		}
	}
}

// TestEveryCommittedCodec checks that each codec line of every committed full run makes a frame of its
// module JSON work of that module, with its configuration or one of the same module.
func TestEveryCommittedCodec(t *testing.T) {
	ms, err := load.Machines("../../results")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		i := slices.IndexFunc(m.Raws, load.Raw.Full)
		if i < 0 {
			continue
		}
		data, err := os.ReadFile(m.Raws[i].Path)
		if err != nil {
			t.Fatal(err)
		}
		rd := benchfmt.NewReader(bytes.NewReader(data), m.Raws[i].File)
		for rd.Scan() {
			if res, ok := rd.Result().(*benchfmt.Result); ok {
				codecs, bad := rawfmt.ParseCodecs(res.Config)
				if len(codecs) == 0 || len(bad) > 0 {
					t.Fatalf("%s: codec lines %v, bad %q", m.Raws[i].File, codecs, bad)
				}
				checkCodecs(t, m.Raws[i].File, codecs)
				break
			}
		}
	}
}

func checkCodecs(t *testing.T, file string, codecs []rawfmt.CodecConfig) {
	table := NewTable(codecs)
	for _, c := range codecs {
		module, _, _ := strings.Cut(c.ModuleVersion, "@")
		if module == StdModule {
			module = StdJSON
		}
		p := profiletest.Synthetic([][]string{stack(module + "/internal/x.(*T).Decode " + module + ".Unmarshal main.handle")}, []int64{10})
		b := table.Attribute(p, nil)
		if len(b.Codecs) != 1 || b.Class[Decode] != 10 || b.Codecs[0].Path != module {
			t.Errorf("%s: codec %s: %+v", file, c.Name, b)
			continue
		}
		named := func(name string) bool {
			return slices.ContainsFunc(b.Codecs[0].Configs, func(cc rawfmt.CodecConfig) bool { return cc.Name == name })
		}
		if got := b.Codecs[0].Config.Name; !named(got) || !named(c.Name) {
			t.Errorf("%s: codec %s: configuration %s of %v", file, c.Name, got, b.Codecs[0].Configs)
		}
	}
}
