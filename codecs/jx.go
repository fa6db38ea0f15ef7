package codecs

import (
	"bytes"
	"errors"
	"strconv"

	"github.com/go-faster/jx"
)

// jxGet is github.com/go-faster/jx, the streaming reader under ogen's generated code, get5 only, called as that
// code calls it: a pooled Decoder over the bytes, ObjBytes and Arr callbacks, Raw for a kept value and Skip for
// every other one. It stops once every path is read, so the rest of the document is neither decoded nor validated.
var jxGet = getOnly("jx", "github.com/go-faster/jx", jxGetter,
	"validation of the document after the last path", "decoding of anything off the paths")

// errAllRead ends a walk early: every path has been read.
var errAllRead = errors.New("every path read")

func jxGetter(paths [][]string) func([]byte) ([][]byte, error) {
	trie := newPathTrie(paths)
	return func(data []byte) ([][]byte, error) {
		d := jx.GetDecoder()
		defer jx.PutDecoder(d)
		d.ResetBytes(data)
		out, left := make([][]byte, len(paths)), len(paths)
		var walk func(d *jx.Decoder, n *pathTrie) error
		walk = func(d *jx.Decoder, n *pathTrie) error {
			switch {
			case n == nil:
				return d.Skip()
			case n.slot >= 0:
				raw, err := d.Raw()
				out[n.slot] = bytes.Clone(raw)
				if left--; err == nil && left == 0 {
					return errAllRead
				}
				return err
			}
			switch d.Next() {
			case jx.Object:
				return d.ObjBytes(func(d *jx.Decoder, key []byte) error { return walk(d, n.next[string(key)]) })
			case jx.Array:
				i := 0
				return d.Arr(func(d *jx.Decoder) error { i++; return walk(d, n.next[strconv.Itoa(i-1)]) })
			}
			return d.Skip()
		}
		if err := walk(d, trie); err != nil && !errors.Is(err, errAllRead) {
			return nil, err
		}
		return out, missing(paths, out)
	}
}
