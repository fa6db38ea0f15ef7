package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// affinity returns the CPUs the runner (and so the benchmark binary) may run
// on, such as "0-3,6", and whether they are fewer than the online CPUs.
func affinity() (cpus string, narrowed bool) {
	status, err := os.ReadFile("/proc/self/status")
	online, err2 := os.ReadFile("/sys/devices/system/cpu/online")
	_, after, found := strings.Cut(string(status), "\nCpus_allowed_list:")
	if err != nil || err2 != nil || !found {
		return "", false
	}
	cpus, _, _ = strings.Cut(after, "\n")
	cpus = strings.TrimSpace(cpus)
	n, err := countCPUs(cpus)
	all, err2 := countCPUs(strings.TrimSpace(string(online)))
	if err != nil || err2 != nil || n >= all {
		return "", false
	}
	return cpus, true
}

// countCPUs counts the CPUs of a kernel CPU list such as "0-3,6".
func countCPUs(list string) (int, error) {
	n := 0
	for _, part := range strings.Split(list, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		if !isRange {
			hi = lo
		}
		a, err1 := strconv.Atoi(lo)
		b, err2 := strconv.Atoi(hi)
		if err1 != nil || err2 != nil || b < a {
			return 0, fmt.Errorf("bad CPU list %q", list)
		}
		n += b - a + 1
	}
	return n, nil
}
