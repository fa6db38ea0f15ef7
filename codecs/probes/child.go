package probes

import (
	"bufio"
	"bytes"
	"cmp"
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

type childSpec struct {
	Codec, Suite, Arg string
	From              int
}

// childStartup bounds a child's start-up; exceeding it fails the run.
const childStartup = 5 * time.Minute

// ServeChild, in a child of Run, runs the requested cases on the
// configuration of cs they name and exits; else it returns. Call it first in
// main or TestMain, with the configurations the parent may run.
func ServeChild(cs codecs.List) {
	env, ok := os.LookupEnv(childEnv)
	if !ok {
		return
	}
	var spec childSpec
	specErr := json.Unmarshal([]byte(env), &spec)
	c, codecErr := cs.Lookup(spec.Codec)
	s, suiteErr := buildSuite(spec.Suite, spec.Arg)
	if err := cmp.Or(specErr, codecErr, suiteErr); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.Encode(Outcome{}) // ready: the cases' time limits start
	for _, k := range s.Cases[spec.From:] {
		enc.Encode(runCase(k, c))
	}
	os.Exit(0)
}

func runCase(k Case, c *codecs.Codec) (o Outcome) {
	if !k.Needs(c) {
		return Outcome{Label: NA}
	}
	defer func() {
		if r := recover(); r != nil {
			o = Outcome{Label: Crash, Detail: normalize(fmt.Sprintf("panic: %v", r))}
		}
	}()
	return Outcome{Label: k.Run(c)}
}

// Results holds a suite's outcomes per configuration.
type Results struct {
	Suite    *Suite
	Codecs   []*codecs.Codec
	Outcomes map[string][]Outcome // by codec name, indexed like Suite.Cases
}

// Options configures Run.
type Options struct {
	Timeout time.Duration // the time limit per case when non-zero
	Log     io.Writer     // when set, receives a line per configuration and per crash
}

// Run runs every case of s for each configuration in cs, one child at a
// time, as results/conformance/README.md tells. It fails only when a child
// cannot start or set up.
func Run(s *Suite, cs []*codecs.Codec, opt Options) (*Results, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("finding the binary to re-exec: %w", err)
	}
	limit, log := cmp.Or(opt.Timeout, caseTimeout), cmp.Or[io.Writer](opt.Log, io.Discard)
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
		fmt.Fprintf(log, "%s: %s (%d cases)\n", s.Name, c.Name, len(s.Cases))
		for next := 0; next < len(s.Cases); next++ {
			if next, err = runChild(exe, s, c, next, limit, out); err != nil {
				return nil, fmt.Errorf("%s on %s: %w", s.Name, c.Name, err)
			}
			if next < len(s.Cases) {
				fmt.Fprintf(log, "%s: %s: %s: %s %s\n", s.Name, c.Name, s.Cases[next].Name, out[next].Label, out[next].Detail)
			}
		}
	}
	return res, nil
}

// runChild runs s's cases from next on in one child, storing outcomes in
// out, and returns the first case it gave none for (crash or timeout stored).
func runChild(exe string, s *Suite, c *codecs.Codec, next int, limit time.Duration, out []Outcome) (int, error) {
	spec, _ := json.Marshal(childSpec{c.Name, s.Name, s.Arg, next}) // strings and an int
	r, w, err := os.Pipe()
	if err != nil {
		return next, err
	}
	defer r.Close()
	var stderr capped
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), childEnv+"="+string(spec))
	cmd.Stdout, cmd.Stderr = w, &stderr
	err = cmd.Start()
	w.Close()
	if err != nil {
		return next, fmt.Errorf("starting child: %w", err)
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	wait, ready := childStartup, false
	for r.SetReadDeadline(time.Now().Add(wait)); sc.Scan(); r.SetReadDeadline(time.Now().Add(wait)) {
		var o Outcome
		switch {
		case !ready && sc.Text() == "{}":
			wait, ready = limit, true
		case ready && json.Unmarshal(sc.Bytes(), &o) == nil && o.Label != "":
			out[next] = o
			next++
		}
	}
	if sc.Err() != nil { // out of time, or a line too long to read
		cmd.Process.Kill()
	}
	werr, late := cmd.Wait(), errors.Is(sc.Err(), os.ErrDeadlineExceeded)
	switch {
	case late && !ready:
		return next, fmt.Errorf("child did not start within %v", childStartup)
	case !ready: // it could not set up
		return next, fmt.Errorf("conformance child: %s", cmp.Or(strings.TrimSpace(stderr.String()), fmt.Sprint(werr)))
	case next == len(s.Cases):
	case late:
		out[next] = Outcome{Label: Timeout, Detail: fmt.Sprintf("killed after %v", limit)}
	default:
		out[next] = Outcome{Label: Crash, Detail: crashDetail(stderr.Bytes(), werr)}
	}
	return next, nil
}

// crashLine matches the line of a dying Go program's stderr that says why.
var crashLine = regexp.MustCompile(`(?m)^(fatal error: .*|panic: .*|runtime: goroutine stack exceeds .*|unexpected fault address .*|SIG[A-Z]+: .*)$`)

func crashDetail(stderr []byte, werr error) string {
	switch m := crashLine.Find(stderr); {
	case m != nil:
		return normalize(string(m))
	case werr != nil: // an *exec.ExitError says how the child ended
		return werr.Error()
	}
	return "exited without a result"
}

var hexNumber = regexp.MustCompile(`0x[0-9a-f]+`)

func normalize(s string) string {
	s, _, _ = strings.Cut(hexNumber.ReplaceAllString(s, "0x…"), "\n")
	if len(s) > 200 {
		s = strings.ToValidUTF8(s[:200], "") + "…"
	}
	return s
}

// capped keeps the first 64 KiB written to it.
type capped struct{ bytes.Buffer }

func (c *capped) Write(p []byte) (int, error) {
	c.Buffer.Write(p[:min(len(p), max(0, 64<<10-c.Len()))])
	return len(p), nil
}
