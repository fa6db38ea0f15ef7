// Package gittest makes git checkouts for the tests of code that reads the
// suite's commit: a directory, its files committed, and the commit's id.
package gittest

import (
	"os/exec"
	"strings"
	"testing"
)

// Git runs git in dir with a fixed author and returns its trimmed output,
// failing t on an error.
func Git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// Commit makes dir a checkout with everything in it committed and returns
// the commit's short id, as runinfo records it.
func Commit(t testing.TB, dir string) string {
	t.Helper()
	Git(t, dir, "init", "-q")
	Git(t, dir, "add", ".")
	Git(t, dir, "commit", "-q", "-m", "first")
	return Git(t, dir, "rev-parse", "--short=12", "HEAD")
}
