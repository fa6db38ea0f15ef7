package codecs

import "github.com/valyala/fastjson"

// fastjsonGet is github.com/valyala/fastjson, get5 only, as a server calls it: a Parser from a ParserPool parses
// and validates the whole document into its own tree, reused call to call, and Get reads each path from it.
var fastjsonGet = getOnly("fastjson", "github.com/valyala/fastjson", fastjsonGetter,
	"decoding of anything off the paths into Go values (it stays in fastjson's tree)")

func fastjsonGetter(paths [][]string) func([]byte) ([][]byte, error) {
	var pool fastjson.ParserPool
	return func(data []byte) ([][]byte, error) {
		p := pool.Get()
		defer pool.Put(p)
		v, err := p.ParseBytes(data)
		if err != nil {
			return nil, err
		}
		out := make([][]byte, len(paths))
		for i, path := range paths {
			if x := v.Get(path...); x != nil {
				out[i] = x.MarshalTo(nil) // a copy: the tree is the pooled parser's
			}
		}
		return out, missing(paths, out)
	}
}
