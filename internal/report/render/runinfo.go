package render

import (
	"cmp"
	"slices"
	"strings"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
	"github.com/jsoncost/jsoncost/internal/report/format"
)

// A runInfo is "The run": the command that made it, its configuration
// lines and its codecs, and whether it has the floor or the older
// allocation reference.
type runInfo struct {
	Command         string // the command that made the run, in a code fence
	Config, Codecs  Table
	Floor, AllocRef bool
}

func newRunInfo(v *view) runInfo {
	r := v.R
	ri := runInfo{Floor: r.Floor, AllocRef: r.AllocRef, Config: Table{Cols: []string{"", ""}}, Codecs: Table{Cols: []string{"codec", "module@version", "category", "engine"}}}
	if cmd, ok := r.Value(rawfmt.KeyCommand); ok {
		ri.Command = fence(cmd) + "\n" + cmd + "\n" + fence(cmd)
	}
	ri.Config.add("raw file", v.RawLink.cell()+" ("+r.Raw.Kind()+" run, "+format.Plural(r.Rounds(), "round")+")")
	for _, c := range r.Config {
		if !strings.HasPrefix(c.Key, rawfmt.KeyCodecPrefix) && !strings.HasPrefix(c.Key, rawfmt.KeySkipsPrefix) && c.Key != rawfmt.KeyCommand {
			ri.Config.add(c.Key, cmp.Or(c.Value, "(none)"))
		}
	}
	for _, name := range r.CodecNames {
		if c, ok := r.Codec(name); ok {
			ri.Codecs.add(name, c.ModuleVersion, c.Category, c.Engine)
		} else {
			ri.Codecs.add(name, format.None, format.None, format.None)
		}
	}
	for _, c := range r.Codecs {
		if !slices.Contains(r.CodecNames, c.Name) && !slices.Contains(r.HarnessColumns(), c.Name) {
			ri.Codecs.add(c.Name, c.ModuleVersion, c.Category, c.Engine+" (no results in this run)")
		}
	}
	return ri
}

// An opBase is an operation's page and base, "" when none ran it.
type opBase struct {
	Link Link
	Base string
}
