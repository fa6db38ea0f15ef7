package load

import "sync"

// A Cache loads each raw file once, so that the pages of one report share
// its runs (and what package model memoizes on them). The zero Cache is
// ready to use; a nil one loads a file every time it is asked.
type Cache struct {
	mu   sync.Mutex
	runs map[string]*Run // by Raw.Path
}

// Load is the package's Load, once per path.
func (c *Cache) Load(raw Raw) (*Run, error) {
	if c == nil {
		return Load(raw)
	}
	c.mu.Lock()
	r, ok := c.runs[raw.Path]
	c.mu.Unlock()
	if ok {
		return r, nil
	}
	r, err := Load(raw)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.runs == nil {
		c.runs = map[string]*Run{}
	}
	c.runs[raw.Path] = r
	return r, nil
}
