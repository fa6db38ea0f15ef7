package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// runRound runs the benchmark binary once over the whole selection with
// -count 1, copying benchfmt lines to out and reporting progress. It
// returns the names of cells that failed.
func runRound(ctx context.Context, bin string, o options, round int, out io.Writer, p *progress) (failed []string, err error) {
	cmd := exec.CommandContext(ctx, bin,
		"-test.run", "^$",
		"-test.bench", "^BenchmarkCodec$",
		"-test.benchmem",
		"-test.count", "1",
		"-test.benchtime", o.benchtime,
		"-test.timeout", "0",
		"-jsoncost.codecs", o.sel.Codecs,
		"-jsoncost.ops", o.sel.Ops,
		"-jsoncost.fixtures", o.sel.Fixtures,
		"-jsoncost.seed", strconv.Itoa(round),
	)
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "BenchmarkCodec/") && strings.Contains(line, " ns/op"):
			fmt.Fprintln(out, line)
			if !strings.Contains(line, "codec=noop") {
				p.cell()
			}
		case strings.HasPrefix(strings.TrimSpace(line), "--- FAIL: "):
			if name := strings.TrimPrefix(strings.TrimSpace(line), "--- FAIL: "); strings.Contains(name, "/codec=") {
				failed = append(failed, name)
			}
			fmt.Fprintln(os.Stderr, line)
		case strings.HasPrefix(line, " "): // a failure's log
			fmt.Fprintln(os.Stderr, line)
		case round == 1 && isConfigLine(line):
			fmt.Fprintln(out, line)
		}
	}
	werr := cmd.Wait()
	if err := ctx.Err(); err != nil {
		return failed, err
	}
	if werr != nil && len(failed) == 0 {
		return failed, fmt.Errorf("benchmark binary: %w", werr)
	}
	return failed, nil
}

// isConfigLine reports whether the benchmark binary printed a benchfmt
// configuration line (goos, goarch, pkg, cpu, sonic-engine, race).
func isConfigLine(line string) bool {
	k, _, ok := strings.Cut(line, ": ")
	return ok && k != "" && !strings.ContainsAny(k, " \t") && strings.ToLower(k) == k
}

func joinLines(s []string) string { return strings.Join(s, "\n  ") }
