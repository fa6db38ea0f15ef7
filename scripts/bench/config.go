package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strings"

	"github.com/jsoncost/jsoncost/codecs"
)

// writeConfig writes the benchfmt configuration lines that make a raw file
// reproducible: the toolchain, the machine, the runtime settings, the
// suite's commit, the exact command, and every codec's module version,
// category and engine. Module versions come from this binary's build
// information (test binaries carry none); the benchmark binary itself adds
// sonic-engine and race, and go test adds goos, goarch, pkg and cpu.
func writeConfig(w io.Writer, o options, id string) error {
	lines := [][2]string{
		{"jsoncost-commit", gitCommit()},
		{"command", commandLine()},
		{"machine-id", id},
		{"go", runtime.Version()},
		{"cores", fmt.Sprint(runtime.NumCPU())},
		{"gomaxprocs", envOr("GOMAXPROCS", fmt.Sprint(runtime.NumCPU()))},
		{"gogc", envOr("GOGC", "100")},
		{"gomemlimit", envOr("GOMEMLIMIT", "off")},
		{"goexperiment", goEnv("GOEXPERIMENT")},
		{"goamd64", goEnv("GOAMD64")},
		{"rounds", fmt.Sprint(o.rounds)},
		{"benchtime", o.benchtime},
	}
	for _, c := range codecs.All() {
		lines = append(lines, [2]string{"codec-" + c.Name, fmt.Sprintf("%s %s %s", c.ModuleVersion(), c.Category, c.EngineName())})
	}
	for _, l := range lines {
		if _, err := fmt.Fprintf(w, "%s: %s\n", l[0], l[1]); err != nil {
			return err
		}
	}
	return nil
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func goEnv(key string) string {
	out, err := exec.Command("go", "env", key).Output()
	if err != nil {
		return "unknown"
	}
	return strings.TrimSpace(string(out))
}

// gitCommit is the suite's commit, marked "-dirty" when the tree has
// uncommitted changes outside results/.
func gitCommit() string {
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

// commandLine is the command as a user would type it to repeat the run.
func commandLine() string {
	args := []string{"go", "run", "./scripts/bench"}
	for _, a := range os.Args[1:] {
		if a == "" || strings.ContainsAny(a, " '\"*|()$") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		args = append(args, a)
	}
	return strings.Join(args, " ")
}

var nonAlnum = regexp.MustCompile(`[^a-z0-9]+`)

// machineID names a machine by os, architecture and CPU model, e.g.
// linux-amd64-amd-epyc.
func machineID() string {
	return runtime.GOOS + "-" + runtime.GOARCH + "-" + slug(cpuModel())
}

// slug turns a CPU model into lower-case words joined by hyphens.
func slug(model string) string {
	s := strings.Trim(nonAlnum.ReplaceAllString(strings.ToLower(model), "-"), "-")
	if s == "" {
		return "unknown-cpu"
	}
	return s
}

func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), ":")
		if ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
