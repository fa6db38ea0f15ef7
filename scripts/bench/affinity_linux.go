package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// affinity returns the CPUs the runner (and so the benchmark binary) may
// run on, such as "0-3,6", and whether they are fewer than the online CPUs.
func affinity() (cpus string, narrowed bool) {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return "", false
	}
	online, err := os.ReadFile("/sys/devices/system/cpu/online")
	if err != nil {
		return "", false
	}
	n, err := countCPUs(strings.TrimSpace(string(online)))
	if err != nil || set.Count() >= n {
		return "", false
	}
	var in []int
	for cpu := range len(set) * 64 {
		if set.IsSet(cpu) {
			in = append(in, cpu)
		}
	}
	return cpuList(in), true
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

// cpuList writes ascending CPU numbers as a kernel CPU list, e.g. "0-3,6".
func cpuList(cpus []int) string {
	var parts []string
	for i := 0; i < len(cpus); {
		j := i
		for j+1 < len(cpus) && cpus[j+1] == cpus[j]+1 {
			j++
		}
		part := strconv.Itoa(cpus[i])
		if j > i {
			part += "-" + strconv.Itoa(cpus[j])
		}
		parts = append(parts, part)
		i = j + 1
	}
	return strings.Join(parts, ",")
}
