package cpuprofile

import (
	"cmp"
	"math"
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
		if !z.HasFields || !z.HasDocBytes || z.Fields <= 0 || z.DocBytes <= 0 || !model.Ns(r, load.OpDecodeStruct, f, codec).Known() {
			continue
		}
		if d := math.Abs(math.Log(z.DocBytes/s.Bytes)) + math.Abs(math.Log(z.Fields/s.Fields)); d < dist {
			best, dist = f, d
		}
	}
	return best
}

// A Switch is what another codec configuration would save of a profile's CPU.
type Switch struct {
	Codec          rawfmt.CodecConfig
	Decode, Encode model.Estimate // its ns/op over the current configuration's, decode-struct and encode-struct
	Saving         model.Estimate // the fraction of the profile's whole CPU saved; negative for a cost
}

// Switches estimates, for every configuration of r that decodes and encodes structs on fixture, what
// running it in place of cs's configuration would save: the profile's decode share times one minus
// the decode-struct ratio, plus its encode share times one minus the encode-struct ratio, with a
// bootstrap interval over r's rounds. The profile's shares are taken as exact. Largest saving first.
func Switches(b Breakdown, cs CodecShare, r *load.Run, fixture string) []Switch {
	dec, enc := cs.Decode/b.Total, cs.Encode/b.Total
	cur := cs.Config.Name
	curDec, curEnc := model.Ns(r, load.OpDecodeStruct, fixture, cur), model.Ns(r, load.OpEncodeStruct, fixture, cur)
	if !curDec.Known() || !curEnc.Known() {
		return nil
	}
	var out []Switch
	for _, c := range r.Codecs {
		d, e := model.Ns(r, load.OpDecodeStruct, fixture, c.Name), model.Ns(r, load.OpEncodeStruct, fixture, c.Name)
		if c.Name == cur || !d.Known() || !e.Known() {
			continue
		}
		rd, _ := model.Ratio(d, curDec)
		re, _ := model.Ratio(e, curEnc)
		saving := model.Derive([]model.Sample{curDec, d, curEnc, e}, func(m []float64) float64 {
			return dec*(1-m[1]/m[0]) + enc*(1-m[3]/m[2])
		})
		out = append(out, Switch{Codec: c, Decode: rd, Encode: re, Saving: saving})
	}
	slices.SortStableFunc(out, func(a, b Switch) int { return cmp.Compare(b.Saving.V, a.Saving.V) })
	return out
}

// A Filter is what decoding a filtered document instead of the full one would save.
type Filter struct {
	Full, Filtered string         // the fixtures
	Ratio          model.Estimate // decode-struct of Filtered over Full, in cs's configuration
	Saving         model.Estimate // the fraction of the profile's whole CPU saved
}

// Filtering estimates what decoding filtered instead of full saves: the profile's decode share times one
// minus the ratio of their decode-struct ns/op in cs's configuration. Encoding is left as it is: the
// answer a service writes does not change when it reads fewer fields. ok is false without the cells.
func Filtering(b Breakdown, cs CodecShare, r *load.Run, full, filtered string) (Filter, bool) {
	f, d := model.Ns(r, load.OpDecodeStruct, full, cs.Config.Name), model.Ns(r, load.OpDecodeStruct, filtered, cs.Config.Name)
	if !f.Known() || !d.Known() || full == filtered {
		return Filter{}, false
	}
	dec := cs.Decode / b.Total
	ratio, _ := model.Ratio(d, f)
	saving := model.Derive([]model.Sample{f, d}, func(m []float64) float64 { return dec * (1 - m[1]/m[0]) })
	return Filter{full, filtered, ratio, saving}, true
}
