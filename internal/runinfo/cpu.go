package runinfo

import (
	"fmt"
	"os"
	"regexp"
	"strconv"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

var (
	modelName   = regexp.MustCompile(`(?m)^model name\s*:\s*(.*?)\s*$`)
	implementer = regexp.MustCompile(`(?m)^CPU implementer\s*:\s*(0x[0-9a-fA-F]+)\s*$`)
	part        = regexp.MustCompile(`(?m)^CPU part\s*:\s*(0x[0-9a-fA-F]+)\s*$`)
	family      = regexp.MustCompile(`(?m)^cpu family\s*:\s*([0-9]+)\s*$`)
	model       = regexp.MustCompile(`(?m)^model\s*:\s*([0-9]+)\s*$`)
	stepping    = regexp.MustCompile(`(?m)^stepping\s*:\s*([0-9]+)\s*$`)
)

// Generation is this machine's CPU family, model and stepping from
// /proc/cpuinfo; zero where the kernel gives none (arm64, which Linux names
// by core instead).
func Generation() rawfmt.Generation {
	data, _ := os.ReadFile("/proc/cpuinfo")
	return generation(data)
}

func generation(cpuinfo []byte) rawfmt.Generation {
	f, m, s := family.FindSubmatch(cpuinfo), model.FindSubmatch(cpuinfo), stepping.FindSubmatch(cpuinfo)
	if f == nil || m == nil || s == nil {
		return rawfmt.Generation{}
	}
	return rawfmt.Generation{Family: string(f[1]), Model: string(m[1]), Stepping: string(s[1])}
}

// CPU is the CPU model of this machine, which names it, read from
// /proc/cpuinfo on Linux (see cpuName); "" elsewhere.
func CPU() string {
	data, _ := os.ReadFile("/proc/cpuinfo")
	return cpuName(data)
}

// arm64Cores names the cores of the arm64 machines users run on by their
// CPU implementer and part, as Linux's /proc/cpuinfo gives them.
var arm64Cores = map[[2]uint64]string{
	{0x41, 0xd08}: "ARM Cortex-A72",
	{0x41, 0xd0b}: "ARM Cortex-A76",
	{0x41, 0xd0c}: "ARM Neoverse-N1", // Graviton2, Ampere Altra
	{0x41, 0xd40}: "ARM Neoverse-V1", // Graviton3
	{0x41, 0xd49}: "ARM Neoverse-N2", // Azure Cobalt 100, GitHub's arm64 runners
	{0x41, 0xd4f}: "ARM Neoverse-V2", // Graviton4, NVIDIA Grace, Google Axion
	{0x41, 0xd84}: "ARM Neoverse-V3",
	{0x41, 0xd8e}: "ARM Neoverse-N3",
	{0x48, 0xd01}: "HiSilicon Kunpeng-920",
	{0xc0, 0xac3}: "Ampere Ampere-1",
	{0xc0, 0xac4}: "Ampere Ampere-1a",
}

// cpuName reads the CPU model from the text of /proc/cpuinfo: the model name
// where there is one, as go test's cpu line gives it (amd64); else, where the
// kernel gives only the core's implementer and part (arm64), the core's name,
// or the two numbers for a core arm64Cores does not know; "" without either.
func cpuName(cpuinfo []byte) string {
	if m := modelName.FindSubmatch(cpuinfo); m != nil {
		return string(m[1])
	}
	i, p := implementer.FindSubmatch(cpuinfo), part.FindSubmatch(cpuinfo)
	if i == nil || p == nil {
		return ""
	}
	iv, err1 := strconv.ParseUint(string(i[1]), 0, 16)
	pv, err2 := strconv.ParseUint(string(p[1]), 0, 16)
	if err1 != nil || err2 != nil {
		return ""
	}
	if name, ok := arm64Cores[[2]uint64{iv, pv}]; ok {
		return name
	}
	return fmt.Sprintf("arm64 implementer %#x part %#x", iv, pv)
}
