package main

import (
	"bufio"
	"os"
	"strings"
)

// cpuName is the CPU model as go test records it in its cpu line on Linux:
// the "model name" of /proc/cpuinfo.
func cpuName() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		key, value, ok := strings.Cut(s.Text(), ":")
		if ok && strings.TrimSpace(key) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return ""
}
