package infer

import (
	"fmt"
	"io"
	"os"
)

// MaxFileBytes is the size of the largest document file ReadFile reads.
const MaxFileBytes = 64 << 20

// ReadFile reads the user's document file at path, for Samples. A file that
// cannot be read, or one larger than MaxFileBytes, is an error naming it as
// DOC, the make variable that gave it.
func ReadFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("DOC: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("DOC: %w", err)
	case len(data) > MaxFileBytes:
		return nil, fmt.Errorf("DOC %s: the document is over the %d MB limit", path, MaxFileBytes>>20)
	}
	return data, nil
}
