//go:build !unix

package httpbench

import (
	"errors"
	"time"
)

func processCPU() (time.Duration, error) {
	return 0, errors.New("not supported on this system")
}
