package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"sync"

	"golang.org/x/perf/benchfmt"
)

// tableUnits are the units of the benchstat tables; the constant units (fields/op, doc-B/op) and
// the derived ones (ns/field, MB/s) would only repeat ns/op.
var tableUnits = []string{unitNs, unitB, unitAllocs}

// tableResult returns a copy of res without the values not in tableUnits or not finite.
func tableResult(res *benchfmt.Result) *benchfmt.Result {
	res = res.Clone()
	res.Values = slices.DeleteFunc(res.Values, func(v benchfmt.Value) bool {
		val, unit := origValue(v)
		return !slices.Contains(tableUnits, unit) || !finite(val)
	})
	return res
}

// benchfmtBytes writes results as benchfmt text.
func benchfmtBytes(results []*benchfmt.Result) ([]byte, error) {
	var buf bytes.Buffer
	w := benchfmt.NewWriter(&buf)
	for _, r := range results {
		if len(r.Values) == 0 {
			continue
		}
		if err := w.Write(r); err != nil {
			return nil, fmt.Errorf("writing benchfmt: %w", err)
		}
	}
	return buf.Bytes(), nil
}

// benchstatPath locates the benchstat tool of the module (go.mod's tool line) once, so every table
// runs the binary directly instead of paying for `go tool` each time.
var benchstatPath = sync.OnceValues(func() (string, error) {
	var stderr bytes.Buffer
	cmd := exec.Command("go", "tool", "-n", "benchstat")
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("locating benchstat (go tool -n benchstat, run from the module root): %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
})

// benchstat runs benchstat with args, feeding stdin when it is not nil.
func benchstat(stdin []byte, args ...string) ([]byte, error) {
	path, err := benchstatPath()
	if err != nil {
		return nil, err
	}
	var stderr bytes.Buffer
	cmd := exec.Command(path, args...)
	cmd.Stdin = bytes.NewReader(stdin)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("benchstat %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// table is one operation's benchstat output.
type table struct {
	op   string
	base string // the codec of the base column
	text []byte
}

// buildTables runs benchstat once per operation: rows fixture, columns codec with the base codec
// first, so every cell shows its ratio to the base and whether it is significant.
func buildTables(rd *runData) ([]table, error) {
	var tables []table
	for _, op := range rd.ops {
		var codecs, fixtures []string
		for _, codec := range rd.codecs {
			if rd.hasAny(op, codec) {
				codecs = append(codecs, codec)
			}
		}
		if len(codecs) == 0 {
			continue
		}
		for _, f := range rd.fixtures {
			if slices.ContainsFunc(codecs, func(codec string) bool { return len(rd.samples(op, f, codec, unitNs)) > 0 }) {
				fixtures = append(fixtures, f)
			}
		}
		in, err := benchfmtBytes(rd.byOp[op])
		if err != nil {
			return nil, fmt.Errorf("table %s: %w", op, err)
		}
		out, err := benchstat(in,
			"-col", "/codec@("+strings.Join(codecs, " ")+")",
			"-row", "/fixture@("+strings.Join(fixtures, " ")+")",
			"-")
		if err != nil {
			return nil, fmt.Errorf("table %s: %w", op, err)
		}
		tables = append(tables, table{op: op, base: codecs[0], text: out})
	}
	return tables, nil
}
