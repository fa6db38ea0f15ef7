package codecs

import "fmt"

// pathTrie is a compiled set of paths; a leaf records its output slot.
type pathTrie struct {
	next map[string]*pathTrie
	slot int // index into the result, or -1 for an inner node
}

// newPathTrie compiles paths, the i-th to slot i.
func newPathTrie(paths [][]string) *pathTrie {
	trie := &pathTrie{next: map[string]*pathTrie{}, slot: -1}
	for i, p := range paths {
		n := trie
		for _, seg := range p {
			if n.next[seg] == nil {
				n.next[seg] = &pathTrie{next: map[string]*pathTrie{}, slot: -1}
			}
			n = n.next[seg]
		}
		n.slot = i
	}
	return trie
}

// missing returns an error naming the first path whose value out lacks, or nil.
func missing(paths [][]string, out [][]byte) error {
	for i, v := range out {
		if v == nil {
			return fmt.Errorf("path %q not found", paths[i])
		}
	}
	return nil
}
