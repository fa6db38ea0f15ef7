// Package runinfo holds what every command that measures shares: the one
// writer of a raw file's configuration header (header.go), for every mode,
// with the values that make the file reproducible — the suite's commit, the
// command that repeats the run, the measuring binary's toolchain, the
// runtime settings, the mode's own lines and each codec configuration — and
// the progress line with an estimate of the time left.
//
// Data flows one way: a runner fills a Header from its options, the codec
// registry and what its benchmark binary printed of itself; WriteHeader (or
// Header.Config, for a benchfmt.Writer) turns it into rawfmt's lines.
package runinfo

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
)

var modelName = regexp.MustCompile(`(?m)^model name\s*:\s*(.*?)\s*$`)

// CPU is the CPU model as go test names it in its cpu line on Linux, which
// names the machine: the model name of /proc/cpuinfo; "" elsewhere.
func CPU() string {
	data, _ := os.ReadFile("/proc/cpuinfo")
	if m := modelName.FindSubmatch(data); m != nil {
		return string(m[1])
	}
	return ""
}

// Commit is the suite's commit, marked "-dirty" when the tree has
// uncommitted changes outside results/, or "unknown" outside a checkout.
func Commit() string {
	out, err := exec.Command("git", "rev-parse", "--short=12", "HEAD").Output()
	if err != nil {
		return "unknown"
	}
	commit := strings.TrimSpace(string(out))
	status, err := exec.Command("git", "status", "--porcelain", "--", ".", ":!results").Output()
	if err == nil && len(strings.TrimSpace(string(status))) > 0 {
		commit += "-dirty"
	}
	return commit
}

// CommandLine is the command a user types to repeat this run of the
// command in directory dir (such as ./scripts/bench), with this process's
// arguments quoted for a shell.
func CommandLine(dir string) string {
	args := []string{"go", "run", dir}
	for _, a := range os.Args[1:] {
		args = append(args, Quote(a))
	}
	return strings.Join(args, " ")
}

// Quote quotes s for a POSIX shell when it needs it.
func Quote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"*?[]{}|&;<>()$`\\~#!") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
