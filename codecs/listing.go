package codecs

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteList writes one line per configuration: name, module@version,
// category, engine and supported operations.
func WriteList(w io.Writer, cs []*Codec) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tMODULE@VERSION\tCATEGORY\tENGINE\tOPERATIONS")
	for _, c := range cs {
		ops := make([]string, len(c.Ops))
		for i, op := range c.Ops {
			ops[i] = string(op)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", c.Name, c.ModuleVersion(), c.Category, c.EngineName(), strings.Join(ops, ","))
	}
	return tw.Flush()
}
