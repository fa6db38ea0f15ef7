package load

import "sync"

// A Cache loads each raw file once, so that the pages of one report share
// its runs (and what package model memoizes on them). The zero Cache is
// ready to use; a nil one loads a file every time it is asked.
type Cache struct {
	runs sync.Map // Raw.Path → *Run
}

// Load is the package's Load, once per path.
func (c *Cache) Load(raw Raw) (*Run, error) {
	if c == nil {
		return Load(raw)
	}
	if r, ok := c.runs.Load(raw.Path); ok {
		return r.(*Run), nil
	}
	r, err := Load(raw)
	if err != nil {
		return nil, err
	}
	c.runs.Store(raw.Path, r)
	return r, nil
}
