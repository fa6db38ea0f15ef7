package runner

import (
	"errors"
	"strconv"
	"strings"
	"time"
)

// CheckBenchtime accepts what go test's -benchtime accepts and can time: a
// positive duration or a positive iteration count such as 100x.
func CheckBenchtime(s string) error {
	if n, ok := strings.CutSuffix(s, "x"); ok {
		if i, err := strconv.Atoi(n); err == nil && i > 0 {
			return nil
		}
	} else if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return nil
	}
	return errors.New("want a positive duration (40ms) or iteration count (100x)")
}
