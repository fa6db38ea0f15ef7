package main

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/codecs"
)

// Test binaries carry no dependency versions in their build information, so
// this runs the command as make codecs does and reads its listing.
func TestListingHasVersions(t *testing.T) {
	out, err := exec.Command("go", "run", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	lines := strings.Split(string(out), "\n")
	for _, c := range codecs.All() {
		re := regexp.MustCompile(`^` + regexp.QuoteMeta(c.Name) + `\s+\S+@(v|go)[0-9]\S*\s+` + string(c.Category) + `\s`)
		found := false
		for _, l := range lines {
			found = found || re.MatchString(l)
		}
		if !found {
			t.Errorf("no line with a module version for %s in:\n%s", c.Name, out)
		}
	}
}

func TestUnknownCodec(t *testing.T) {
	out, err := exec.Command("go", "run", ".", "-codecs", "nope").CombinedOutput()
	if err == nil {
		t.Fatal("unknown codec accepted")
	}
	if !strings.Contains(string(out), `unknown codec "nope"; valid: encoding-json`) {
		t.Errorf("error does not list the valid names:\n%s", out)
	}
}
