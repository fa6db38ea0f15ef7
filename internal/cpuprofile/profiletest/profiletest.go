// Package profiletest makes CPU profiles of known stacks for the tests of
// the packages that read them: each stack, innermost frame first, is one
// sample of the CPU time given beside it.
package profiletest

import "github.com/google/pprof/profile"

// Synthetic builds a CPU profile as runtime/pprof writes one, with one sample of ns nanoseconds per stack,
// each stack function names leaf first; tests of the attribution and of its users build theirs with it.
func Synthetic(stacks [][]string, ns []int64) *profile.Profile {
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		PeriodType: &profile.ValueType{Type: "cpu", Unit: "nanoseconds"},
		Period:     10_000_000,
	}
	funcs := map[string]*profile.Function{}
	for i, stack := range stacks {
		s := &profile.Sample{Value: []int64{1, ns[i]}}
		for _, name := range stack {
			f := funcs[name]
			if f == nil {
				f = &profile.Function{ID: uint64(len(p.Function) + 1), Name: name, SystemName: name}
				funcs[name] = f
				p.Function = append(p.Function, f)
			}
			loc := &profile.Location{ID: uint64(len(p.Location) + 1), Line: []profile.Line{{Function: f}}}
			p.Location = append(p.Location, loc)
			s.Location = append(s.Location, loc)
		}
		p.Sample = append(p.Sample, s)
	}
	return p
}
