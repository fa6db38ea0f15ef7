//go:build !race

package codecs

// RaceEnabled reports whether the binary was built with -race. Timings from
// such a build are meaningless (sonic even reruns encoding/json under it).
const RaceEnabled = false
