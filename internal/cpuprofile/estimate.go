package cpuprofile

import (
	"cmp"
	"encoding/binary"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
)

// DefaultFixture is the document an estimate stands on without one of the user's: the search response
// of 10 hits of 50-field _source that bench-http's API server decodes, whose _source-filtered twin
// holds 5 fields.
const DefaultFixture = "es-hits-10-full"

// A Size is a document's compact bytes and scalar values.
type Size struct{ Bytes, Fields float64 }

// Nearest is the fixture of r, with decode-struct cells of codec, whose bytes and fields are nearest to s
// (the sum of the distances of their logarithms); "" when r has none.
func Nearest(r *load.Run, s Size, codec string) string {
	best, dist := "", math.Inf(1)
	for _, f := range r.Fixtures {
		z := r.Sizes[f]
		if !z.HasFields || !z.HasDocBytes || z.Fields <= 0 || z.DocBytes <= 0 || !model.Ns(r, rawfmt.OpDecodeStruct, f, codec).Known() {
			continue
		}
		if d := math.Abs(math.Log(z.DocBytes/s.Bytes)) + math.Abs(math.Log(z.Fields/s.Fields)); d < dist {
			best, dist = f, d
		}
	}
	return best
}

// Shares are what a prediction reads of a profile, each a fraction of its CPU: the decode and encode of
// the codec configuration the program runs, GC (collection, assists and allocation outside JSON) and
// the reading of HTTP bodies. Each carries replicates of its sampling error (SharesOf). Scale is what
// the whole is worth, and so what a Saving is counted in: 1 for fractions of the profile, the CPU of
// a request for a saving per request.
type Shares struct {
	Decode, Encode, GC, Body model.Sample
	Scale                    model.Sample
}

// SharesOf are b's shares for cs. A profile's samples fall into its parts as counts do, so each
// replicate draws every part's count from a Poisson distribution of its own count (the Poisson
// bootstrap) and divides by their sum; a profile without a period has no replicates.
func SharesOf(b Breakdown, cs CodecShare) Shares {
	parts := []float64{cs.Decode, cs.Encode, b.Class[GC], b.Body}
	parts = append(parts, max(0, b.Total-parts[0]-parts[1]-parts[2]-parts[3]))
	n := b.Samples()
	out := make([]model.Sample, 4)
	for i := range out {
		out[i] = model.Sample{Point: parts[i] / b.Total, N: int(n)}
	}
	if n >= model.MinBootstrapSamples {
		h := fnv.New64a()
		for _, p := range parts {
			h.Write(binary.LittleEndian.AppendUint64(nil, math.Float64bits(p)))
		}
		rng := rand.New(rand.NewPCG(2, h.Sum64()))
		counts := make([]float64, len(parts))
		for i := range out {
			out[i].Reps = make([]float64, model.BootstrapReps)
		}
		for r := range model.BootstrapReps {
			sum := 0.0
			for i, p := range parts {
				counts[i] = poisson(rng, p/b.Period)
				sum += counts[i]
			}
			for i := range out {
				out[i].Reps[r] = counts[i] / max(sum, 1)
			}
		}
	}
	return Shares{out[0], out[1], out[2], out[3], exact(1)}
}

// poisson draws from the Poisson distribution of mean mean: by Knuth's product of uniforms below 30,
// by the normal approximation above.
func poisson(rng *rand.Rand, mean float64) float64 {
	if mean >= 30 {
		return max(0, math.Round(mean+math.Sqrt(mean)*rng.NormFloat64()))
	}
	k, p, limit := 0.0, rng.Float64(), math.Exp(-mean)
	for p > limit {
		k++
		p *= rng.Float64()
	}
	return k
}

// Alloc is, where it is known (Decode.Known), the share of a program's allocated bytes in the decode and in the encode
// of the codec configuration it runs: from a heap profile (a Breakdown of its alloc_space), or from
// the bytes a request allocates and the bytes its calls do. A prediction with it charges the GC a
// change no longer causes from the program's own GC share; without it, from the reference run's.
type Alloc struct {
	Decode, Encode model.Sample
}

// A Saving is what a change saves of a profile's CPU, each part a fraction of the whole: JSON, the time
// in the codec; GC, the collection its allocation no longer causes; Body, the reading of a smaller
// HTTP body; Total, their sum. GC is not Known where neither Alloc nor the reference run's collection
// cost is: Total then leaves it out, and Bound says what that makes of it.
type Saving struct {
	JSON, GC, Body, Total model.Estimate
	NoGC                  model.Estimate // Total without its GC part
	Bound                 int            // 0 for an estimate; -1 for a lower bound (the program would allocate less), +1 an upper
}

// Spanning is s with its total's interval widened to reach the total without GC, for documents that
// stand in for the program's own: their allocation by codec can differ from the program's documents'
// several times over (goccy, for one, copies its whole input on every call), so the GC part may be
// anything from theirs to none.
func (s Saving) Spanning() Saving {
	if !s.GC.Known() || !s.NoGC.Known() {
		return s
	}
	t, n := s.Total, s.NoGC
	if !t.HasCI {
		t.Lo, t.Hi = t.V, t.V
	}
	if !n.HasCI {
		n.Lo, n.Hi = n.V, n.V
	}
	s.Total = model.Estimate{V: t.V, Lo: min(t.Lo, n.Lo), Hi: max(t.Hi, n.Hi), HasCI: true}
	return s
}

// A Switch is what another codec configuration would save of a profile's CPU.
type Switch struct {
	Codec          rawfmt.CodecConfig
	Decode, Encode model.Estimate // its ns/op over the current configuration's, decode-struct and encode-struct
	Saving
}

// exact is a known figure without sampling error.
func exact(v float64) model.Sample { return model.Sample{Point: v, N: 1, Exact: true} }

// orZero is s, or an exact 0 when s is not known.
func orZero(s model.Sample) model.Sample {
	if s.Known() {
		return s
	}
	return exact(0)
}

// cost is one operation on one document in one configuration as a prediction reads it: its ns/op,
// with GC where the run timed collection (model.Charged), and its B/op.
type cost struct {
	ns, charged model.Sample
	bytes       float64
	gc          bool
}

func costOf(r *load.Run, op, doc, codec string) cost {
	c := rawfmt.Cell{Op: op, Fixture: doc, Codec: codec}
	charged, gc := model.Charged(r, c)
	return cost{model.Of(r, c, rawfmt.UnitNs), charged, model.Of(r, c, rawfmt.UnitB).Point, gc}
}

// saving computes the Saving of a change of cost from before to after of decode-struct and, where
// they hold two, encode-struct, whose body reads cost bodyRatio after over before (1 for a change
// that reads the same bodies). The JSON part is each operation's share times one minus the ratio of
// its times. The GC part is, with alloc known, the program's GC share times each operation's share
// of its allocation times one minus the ratio of its B/op; without, each operation's share times
// the difference of the collection the reference run charges the two (Charged less ns/op) over the
// time before. The Body part is the body reads' share times one minus bodyRatio.
func saving(sh Shares, alloc Alloc, before, after []cost, bodyRatio float64) Saving {
	const gc, body, scale, first, per = 0, 1, 2, 3, 6 // the indices of samples
	samples := []model.Sample{sh.GC, sh.Body, sh.Scale}
	shares, allocs := []model.Sample{sh.Decode, sh.Encode}, []model.Sample{alloc.Decode, alloc.Encode}
	gcKnown, less := alloc.Decode.Known(), 0.0
	suite := !gcKnown
	for i := range before {
		b, a := before[i], after[i]
		samples = append(samples, shares[i], orZero(allocs[i]), b.ns, a.ns, orZero(b.charged), orZero(a.charged))
		less += shares[i].Point * (b.bytes - a.bytes) / b.ns.Point // bytes per unit of profile CPU
		suite = suite && b.gc && a.gc
	}
	gcKnown = gcKnown || suite
	jsonPart := func(m []float64) float64 {
		v := 0.0
		for i := range before {
			op := m[first+per*i:]
			v += op[0] * (1 - op[3]/op[2])
		}
		return v * m[scale]
	}
	gcPart := func(m []float64) float64 {
		v := 0.0
		for i, b := range before {
			share, a, nb, na, cb, ca := m[first+per*i], m[first+per*i+1], m[first+per*i+2], m[first+per*i+3], m[first+per*i+4], m[first+per*i+5]
			switch {
			case suite:
				v += share * ((cb - nb) - (ca - na)) / nb
			case b.bytes > 0:
				v += m[gc] * a * (1 - after[i].bytes/b.bytes)
			}
		}
		return v * m[scale]
	}
	bodyPart := func(m []float64) float64 { return m[body] * (1 - bodyRatio) * m[scale] }
	s := Saving{JSON: model.Derive(samples, jsonPart), Body: model.Derive(samples, bodyPart), GC: model.Summarize(nil)}
	s.NoGC = model.Derive(samples, func(m []float64) float64 { return jsonPart(m) + bodyPart(m) })
	if gcKnown {
		s.GC = model.Derive(samples, gcPart)
		s.Total = model.Derive(samples, func(m []float64) float64 { return jsonPart(m) + gcPart(m) + bodyPart(m) })
		return s
	}
	s.Total = s.NoGC
	if s.Bound = -1; less < 0 {
		s.Bound = +1
	}
	return s
}

// Switches estimates, for every configuration of r that decodes structs on decodeDoc and encodes them
// on encodeDoc, what running it in place of the configuration whose shares sh holds, cur, would save,
// largest saving first. The intervals cover the profile's sampling error (or its rounds) and the
// reference run's rounds.
func Switches(sh Shares, alloc Alloc, r *load.Run, cur, decodeDoc, encodeDoc string) []Switch {
	before := []cost{costOf(r, rawfmt.OpDecodeStruct, decodeDoc, cur), costOf(r, rawfmt.OpEncodeStruct, encodeDoc, cur)}
	if !before[0].ns.Known() || !before[1].ns.Known() {
		return nil
	}
	var out []Switch
	for _, c := range r.Codecs {
		after := []cost{costOf(r, rawfmt.OpDecodeStruct, decodeDoc, c.Name), costOf(r, rawfmt.OpEncodeStruct, encodeDoc, c.Name)}
		if c.Name == cur || !after[0].ns.Known() || !after[1].ns.Known() {
			continue
		}
		rd, _ := model.Ratio(after[0].ns, before[0].ns)
		re, _ := model.Ratio(after[1].ns, before[1].ns)
		out = append(out, Switch{Codec: c, Decode: rd, Encode: re, Saving: saving(sh, alloc, before, after, 1)})
	}
	slices.SortStableFunc(out, func(a, b Switch) int { return cmp.Compare(b.Total.V, a.Total.V) })
	return out
}

// A Filter is what decoding a filtered document instead of the full one would save.
type Filter struct {
	Full, Filtered string         // the documents
	Ratio          model.Estimate // decode-struct of Filtered over Full, in the configuration
	Saving
}

// Filtering estimates what decoding filtered instead of full saves in configuration codec: its decode
// share, its allocation and the reading of HTTP bodies, which shrinks with the document's bytes.
// Encoding is left as it is: the answer a service writes does not change when it reads fewer
// fields. ok is false without the cells.
func Filtering(sh Shares, alloc Alloc, r *load.Run, codec, full, filtered string) (Filter, bool) {
	before, after := costOf(r, rawfmt.OpDecodeStruct, full, codec), costOf(r, rawfmt.OpDecodeStruct, filtered, codec)
	if !before.ns.Known() || !after.ns.Known() || full == filtered {
		return Filter{}, false
	}
	body := 1.0
	if f, d := r.Sizes[full], r.Sizes[filtered]; f.HasDocBytes && d.HasDocBytes && f.DocBytes > 0 {
		body = d.DocBytes / f.DocBytes
	}
	ratio, _ := model.Ratio(after.ns, before.ns)
	return Filter{full, filtered, ratio, saving(sh, alloc, []cost{before}, []cost{after}, body)}, true
}
