package codecs

import (
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

// WriteList writes one line per configuration: name, module@version,
// category, engine and supported operations.
func WriteList(w io.Writer, cs []*Codec) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tMODULE@VERSION\tCATEGORY\tENGINE\tOPERATIONS")
	for _, c := range cs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", c.Name, c.ModuleVersion(), c.Category, c.EngineName(), strings.Join(OpNames(c.Ops), ","))
	}
	return tw.Flush()
}

// ConfigLines is what this binary says of itself as rawfmt's "key: value"
// configuration lines (a runinfo.Header's Self): the Go that built it, its
// GOEXPERIMENT, the engines that run encoding/json and sonic, whether it has
// the race detector, then the codec and skips lines of each of cs.
func ConfigLines(cs []*Codec) []string {
	lines := []string{
		rawfmt.KeyGo + ": " + runtime.Version(),
		rawfmt.KeyGOEXPERIMENT + ": " + buildInfo()["GOEXPERIMENT"],
		rawfmt.KeySonicEngine + ": " + sonicStd.EngineName(),
		rawfmt.KeyStdEngine + ": " + encodingJSON.EngineName(),
		rawfmt.KeyRace + ": " + strconv.FormatBool(RaceEnabled),
	}
	for _, c := range cs {
		cc := rawfmt.CodecConfig{Name: c.Name, ModuleVersion: c.ModuleVersion(), Category: string(c.Category),
			Engine: c.EngineName(), Skips: c.Skips}
		lines = append(lines, strings.Split(cc.Format(), "\n")...)
	}
	return lines
}
