package runinfo

import (
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

func TestCPUName(t *testing.T) {
	arm64 := func(implementer, part string) string {
		return "processor\t: 0\nBogoMIPS\t: 243.75\nFeatures\t: fp asimd evtstrm aes pmull sha1 sha2 crc32\n" +
			"CPU implementer\t: " + implementer + "\nCPU architecture: 8\nCPU variant\t: 0x3\n" +
			"CPU part\t: " + part + "\nCPU revision\t: 1\n\nprocessor\t: 1\nCPU implementer\t: 0x41\nCPU part\t: 0xd40\n"
	}
	tests := []struct {
		name, cpuinfo, cpu, machine string
	}{
		{"intel", "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) Processor  \nflags\t: fpu\n",
			"Intel(R) Xeon(R) Processor", "linux-arm64-intel-xeon-processor"},
		{"amd", "model name\t: AMD EPYC 7B13 64-Core Processor\nmodel name\t: other\n",
			"AMD EPYC 7B13 64-Core Processor", "linux-arm64-amd-epyc-7b13-64-core-processor"},
		{"graviton2", arm64("0x41", "0xd0c"), "ARM Neoverse-N1", "linux-arm64-arm-neoverse-n1"},
		{"cobalt", arm64("0x41", "0xd49"), "ARM Neoverse-N2", "linux-arm64-arm-neoverse-n2"},
		{"ampere-one", arm64("0xc0", "0xac3"), "Ampere Ampere-1", "linux-arm64-ampere-ampere-1"},
		{"unknown core", arm64("0x61", "0x022"), "arm64 implementer 0x61 part 0x22", "linux-arm64-arm64-implementer-0x61-part-0x22"},
		{"no part", "CPU implementer\t: 0x41\n", "", "linux-arm64-unknown-cpu"},
		{"not hex", "CPU implementer\t: 0x4g\nCPU part\t: 0xd0c\n", "", "linux-arm64-unknown-cpu"},
		{"empty", "", "", "linux-arm64-unknown-cpu"},
	}
	for _, tt := range tests {
		cpu := cpuName([]byte(tt.cpuinfo))
		if cpu != tt.cpu {
			t.Errorf("%s: cpuName = %q, want %q", tt.name, cpu, tt.cpu)
		}
		if id := rawfmt.MachineID("linux", "arm64", cpu, rawfmt.Generation{}); id != tt.machine {
			t.Errorf("%s: machine id %q, want %q", tt.name, id, tt.machine)
		}
	}
}
