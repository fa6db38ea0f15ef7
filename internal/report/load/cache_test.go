package load

import (
	"path/filepath"
	"testing"
)

// TestCache: a Cache loads a path once and keeps no failure; a nil one loads every time.
func TestCache(t *testing.T) {
	dir := t.TempDir()
	good, bad := filepath.Join(dir, "20261129T220000Z.txt"), filepath.Join(dir, "20261129T230000Z.txt")
	write(t, good, wholeRun())
	write(t, bad, "")
	var c Cache
	first, err := c.Load(Raw{Path: good, File: filepath.Base(good)})
	if err != nil {
		t.Fatal(err)
	}
	if again, err := c.Load(Raw{Path: good, File: filepath.Base(good)}); err != nil || again != first {
		t.Errorf("the second load of a path: %p, %v; want the first run, %p", again, err, first)
	}
	if r, err := c.Load(Raw{Path: bad, File: filepath.Base(bad)}); err == nil || r != nil {
		t.Errorf("an empty file: %v, %v; want an error", r, err)
	}
	write(t, bad, wholeRun())
	if _, err := c.Load(Raw{Path: bad, File: filepath.Base(bad)}); err != nil {
		t.Errorf("a file that failed, then mended: %v", err)
	}
	var none *Cache
	a, errA := none.Load(Raw{Path: good, File: filepath.Base(good)})
	b, errB := none.Load(Raw{Path: good, File: filepath.Base(good)})
	if errA != nil || errB != nil || a == b {
		t.Errorf("a nil Cache: %p, %p (%v, %v); want two runs", a, b, errA, errB)
	}
}
