package main

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost"
)

// summarizeSkips prints how many combinations were left out, by reason.
func summarizeSkips(w io.Writer, skipped []jsoncost.Skip) {
	if len(skipped) == 0 {
		return
	}
	count := map[string]int{}
	for _, s := range skipped {
		count[s.Reason]++
	}
	fmt.Fprintf(w, "skipping %d unsupported combinations:\n", len(skipped))
	for _, r := range slices.Sorted(maps.Keys(count)) {
		fmt.Fprintf(w, "  %4d  %s\n", count[r], r)
	}
}

// noCells says why a selection has nothing to run: the reasons its
// combinations were skipped, each once.
func noCells(skipped []jsoncost.Skip) error {
	var reasons []string
	for _, s := range skipped {
		if !slices.Contains(reasons, s.Reason) {
			reasons = append(reasons, s.Reason)
		}
	}
	if len(reasons) == 0 {
		return errors.New("no cells to run")
	}
	return fmt.Errorf("no cells to run: %s", strings.Join(reasons, "; "))
}
