//go:build !race

package codecs

// RaceEnabled reports whether the binary was built with -race, whose timings mean nothing.
const RaceEnabled = false
