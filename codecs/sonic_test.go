package codecs

import (
	"testing"

	"github.com/bytedance/sonic"
)

func TestSonicEngine(t *testing.T) {
	const std, own = sonic.UseStdJSON, sonic.UseSonicJSON
	tests := []struct {
		name string
		host sonicHost
		want string
	}{
		{"wrapper on amd64 with AVX2", sonicHost{apiKind: std, goarch: "amd64", avx2: true}, fallbackEngine},
		{"wrapper on arm64", sonicHost{apiKind: std, goarch: "arm64"}, fallbackEngine},
		{"wrapper on riscv64", sonicHost{apiKind: std, goarch: "riscv64"}, fallbackEngine},
		{"wrapper under race", sonicHost{apiKind: std, goarch: "amd64", avx2: true, race: true}, fallbackEngine},
		{"amd64 with AVX2", sonicHost{apiKind: own, goarch: "amd64", avx2: true}, "jit"},
		{"amd64 with AVX2, SONIC_MODE=auto", sonicHost{apiKind: own, goarch: "amd64", avx2: true, mode: "auto"}, "jit"},
		{"amd64 without AVX2", sonicHost{apiKind: own, goarch: "amd64"}, "jit-sse"},
		{"amd64 with AVX2, SONIC_MODE=noavx", sonicHost{apiKind: own, goarch: "amd64", avx2: true, mode: "noavx"}, "jit-sse"},
		{"amd64 with AVX2, SONIC_MODE=noavx2", sonicHost{apiKind: own, goarch: "amd64", avx2: true, mode: "noavx2"}, "jit-sse"},
		{"amd64 under race", sonicHost{apiKind: own, goarch: "amd64", avx2: true, race: true}, "jit-race"},
		{"arm64", sonicHost{apiKind: own, goarch: "arm64"}, "native-neon"},
		{"arm64 under race", sonicHost{apiKind: own, goarch: "arm64", race: true}, "native-neon-race"},
		{"another architecture", sonicHost{apiKind: own, goarch: "loong64"}, "native-loong64"},
	}
	for _, tt := range tests {
		if got := sonicEngine(tt.host); got != tt.want {
			t.Errorf("%s: sonicEngine(%+v) = %q, want %q", tt.name, tt.host, got, tt.want)
		}
	}
}

// TestSonicEngineOfThisProcess checks that the sonic configurations report
// the engine of the running process, and the fallback exactly when sonic's
// APIKind says it wraps encoding/json.
func TestSonicEngineOfThisProcess(t *testing.T) {
	want := sonicEngine(thisHost())
	if wraps := sonic.APIKind != sonic.UseSonicJSON; wraps != (want == fallbackEngine) {
		t.Errorf("engine %q, yet sonic.APIKind = %d", want, sonic.APIKind)
	}
	for _, c := range []*Codec{sonicStd, sonicDefault, sonicFastest} {
		if got := c.EngineName(); got != want {
			t.Errorf("%s: engine %q, want %q", c.Name, got, want)
		}
	}
}
