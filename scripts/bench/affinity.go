package main

import (
	"os"
	"strconv"
	"strings"
)

// affinity returns the CPUs the runner (and so the benchmark binary) may run
// on, such as "0-3,6", and whether they are fewer than the online CPUs.
// Where the kernel does not list them (elsewhere than Linux) it records none.
func affinity() (cpus string, narrowed bool) {
	status, err := os.ReadFile("/proc/self/status")
	online, err2 := os.ReadFile("/sys/devices/system/cpu/online")
	_, after, found := strings.Cut(string(status), "\nCpus_allowed_list:")
	if err != nil || err2 != nil || !found {
		return "", false
	}
	cpus, _, _ = strings.Cut(after, "\n")
	cpus = strings.TrimSpace(cpus)
	if n := countCPUs(cpus); n < 0 || n >= countCPUs(strings.TrimSpace(string(online))) {
		return "", false
	}
	return cpus, true
}

// countCPUs counts the CPUs of a kernel CPU list such as "0-3,6", -1 for a malformed one.
func countCPUs(list string) int {
	n := 0
	for _, part := range strings.Split(list, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		if !isRange {
			hi = lo
		}
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || b < a {
			return -1
		}
		n += b - a + 1
	}
	return n
}
