package probes

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jsoncost/jsoncost/codecs"
)

// childEnv selects child mode; its value is a JSON childSpec.
const childEnv = "JSONCOST_CONFORMANCE_CHILD"

// childSpec tells a child which configuration runs which cases.
type childSpec struct {
	Codec string `json:"codec"`
	Suite string `json:"suite"`
	Arg   string `json:"arg"`
	From  int    `json:"from"` // the first case to run
}

// result is one line of a child's stdout.
type result struct {
	Case int `json:"case"` // ready on the first line
	Outcome
}

// ready is the case of the line a child writes once it has set up, before
// its first case: the time limits run from there.
const ready = -1

// childStartup bounds a child's start-up, which takes the machine's time,
// not the codec's; a child slower than that is an error of the run.
const childStartup = 5 * time.Minute

// IsChild reports whether this process was started by Run as a child.
func IsChild() bool {
	_, ok := os.LookupEnv(childEnv)
	return ok
}

// ServeChild turns this process into a child when Run started it: it runs
// the requested cases, writes their outcomes to stdout and exits. Otherwise
// it returns at once. Call it first in main or TestMain, after registering
// any codec a child may be asked to run.
func ServeChild() {
	spec, ok := os.LookupEnv(childEnv)
	if !ok {
		return
	}
	if err := serve(spec, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, childFailed, err)
		os.Exit(childFailedExit)
	}
	os.Exit(0)
}

// A child that cannot do its job (an unknown codec, say) exits with
// childFailedExit after writing childFailed and the reason to stderr; Run
// reports that as an error rather than a crash.
const (
	childFailed     = "conformance child:"
	childFailedExit = 3
)

func serve(spec string, w io.Writer) error {
	var cs childSpec
	if err := json.Unmarshal([]byte(spec), &cs); err != nil {
		return fmt.Errorf("parsing %s: %w", childEnv, err)
	}
	c, err := codecs.Lookup(cs.Codec)
	if err != nil {
		return err
	}
	s, err := buildSuite(cs.Suite, cs.Arg)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(result{Case: ready}); err != nil {
		return fmt.Errorf("reporting ready: %w", err)
	}
	for i := cs.From; i < len(s.Cases); i++ {
		if err := enc.Encode(result{Case: i, Outcome: runCase(s.Cases[i], c)}); err != nil {
			return fmt.Errorf("writing result of %s: %w", s.Cases[i].Name, err)
		}
	}
	return nil
}

// runCase runs one case, turning a panic into a crash.
func runCase(k Case, c *codecs.Codec) (o Outcome) {
	if !k.Needs(c) {
		return Outcome{Label: NA}
	}
	defer func() {
		if r := recover(); r != nil {
			o = Outcome{Label: Crash, Detail: normalize(fmt.Sprintf("panic: %v", r))}
		}
	}()
	return k.Run(c)
}

// Results holds a suite's outcomes per configuration.
type Results struct {
	Suite    *Suite
	Codecs   []*codecs.Codec
	Outcomes map[string][]Outcome // by codec name, indexed like Suite.Cases
}

// Options configures Run.
type Options struct {
	// Timeout overrides the suite's time limit per case when non-zero.
	Timeout time.Duration
	// Log, when set, receives a line per configuration and per crash.
	Log io.Writer
}

// Run runs every case of s for each configuration in cs, one child process
// at a time. A case the configuration lacks the operation for is n/a, and a
// configuration that can run none of them gets no child. A case whose
// child dies is recorded as a crash, one that outlives the time limit
// (counted from when the child is ready, so start-up does not count) as a
// timeout (its child is killed), and a fresh child goes on with the next
// case. It is an error only when a child cannot be started or cannot set up
// (an unknown codec or suite).
func Run(s *Suite, cs []*codecs.Codec, opt Options) (*Results, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("finding the binary to re-exec: %w", err)
	}
	limit := s.Timeout
	if opt.Timeout > 0 {
		limit = opt.Timeout
	}
	res := &Results{Suite: s, Codecs: cs, Outcomes: map[string][]Outcome{}}
	for _, c := range cs {
		out := make([]Outcome, len(s.Cases))
		res.Outcomes[c.Name] = out
		if !slices.ContainsFunc(s.Cases, func(k Case) bool { return k.Needs(c) }) {
			for i := range out {
				out[i] = Outcome{Label: NA}
			}
			continue
		}
		logf(opt.Log, "%s: %s (%d cases)", s.Name, c.Name, len(s.Cases))
		for next := 0; next < len(s.Cases); next++ {
			if next, err = runChild(exe, s, c, next, limit, out); err != nil {
				return nil, fmt.Errorf("%s on %s: %w", s.Name, c.Name, err)
			}
			if next < len(s.Cases) {
				logf(opt.Log, "%s: %s: %s: %s %s", s.Name, c.Name, s.Cases[next].Name, out[next].Label, out[next].Detail)
			}
		}
	}
	return res, nil
}

func logf(w io.Writer, format string, args ...any) {
	if w != nil {
		fmt.Fprintf(w, format+"\n", args...)
	}
}

// runChild runs s's cases from next on in one child and stores their
// outcomes in out. It returns the index of the first case without an
// outcome from the child; when that is a case of s, the child died or timed
// out on it, and out holds the crash or timeout.
func runChild(exe string, s *Suite, c *codecs.Codec, next int, limit time.Duration, out []Outcome) (int, error) {
	spec, err := json.Marshal(childSpec{Codec: c.Name, Suite: s.Name, Arg: s.Arg, From: next})
	if err != nil {
		return next, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), childEnv+"="+string(spec))
	stderr := &capped{max: 64 << 10}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return next, err
	}
	if err := cmd.Start(); err != nil {
		return next, fmt.Errorf("starting child: %w", err)
	}

	lines := make(chan result)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var r result
			if bytes.HasPrefix(sc.Bytes(), []byte("{")) && json.Unmarshal(sc.Bytes(), &r) == nil {
				lines <- r
			}
		}
		io.Copy(io.Discard, stdout) // an over-long line: keep the child unblocked
	}()

	stop := func() {
		cmd.Process.Kill()
		for range lines {
		}
		cmd.Wait()
	}
	started := false
	timer := time.NewTimer(childStartup)
	defer timer.Stop()
	for {
		select {
		case r, ok := <-lines:
			if !ok {
				werr := cmd.Wait()
				var ee *exec.ExitError
				if errors.As(werr, &ee) && ee.ExitCode() == childFailedExit && bytes.HasPrefix(stderr.Bytes(), []byte(childFailed)) {
					return next, errors.New(strings.TrimSpace(string(stderr.Bytes())))
				}
				if next < len(s.Cases) {
					out[next] = Outcome{Label: Crash, Detail: crashDetail(stderr.Bytes(), werr)}
				}
				return next, nil
			}
			if !started && r.Case == ready {
				started = true
				timer.Reset(limit)
				continue
			}
			if !started || r.Case != next {
				stop()
				return next, fmt.Errorf("child sent case %d, want %d", r.Case, next)
			}
			out[next] = r.Outcome
			next++
			timer.Reset(limit)
		case <-timer.C:
			stop()
			if !started {
				return next, fmt.Errorf("child did not start within %v", childStartup)
			}
			if next < len(s.Cases) {
				out[next] = Outcome{Label: Timeout, Detail: fmt.Sprintf("killed after %v", limit)}
			}
			return next, nil
		}
	}
}

// crashLine matches the line of a dying Go program's output that says why.
var crashLine = regexp.MustCompile(`(?m)^(fatal error: .*|panic: .*|runtime: goroutine stack exceeds .*|unexpected fault address .*|SIG[A-Z]+: .*)$`)

// crashDetail says why a child died, from its stderr and exit status.
func crashDetail(stderr []byte, werr error) string {
	if m := crashLine.Find(stderr); m != nil {
		return normalize(string(m))
	}
	var ee *exec.ExitError
	if errors.As(werr, &ee) {
		return ee.ProcessState.String()
	}
	if werr != nil {
		return werr.Error()
	}
	return "exited without a result"
}

var hexNumber = regexp.MustCompile(`0x[0-9a-f]+`)

// normalize makes a crash line deterministic and short.
func normalize(s string) string {
	s = hexNumber.ReplaceAllString(s, "0x…")
	s, _, _ = strings.Cut(s, "\n")
	if len(s) > 200 {
		s = strings.ToValidUTF8(s[:200], "") + "…"
	}
	return s
}

// capped keeps the first max bytes written to it.
type capped struct {
	buf bytes.Buffer
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (c *capped) Bytes() []byte { return c.buf.Bytes() }
