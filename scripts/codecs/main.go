// Command codecs lists the registered codec configurations (make codecs):
// one line each with name, module@version, category, engine and operations.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/jsoncost/jsoncost/codecs"
)

func main() {
	spec := flag.String("codecs", "", "comma-separated codec names or patterns (default all)")
	flag.Parse()
	cs, err := codecs.All().Select(*spec)
	if err != nil {
		fmt.Fprintln(os.Stderr, "codecs:", err)
		os.Exit(2)
	}
	if err := codecs.WriteList(os.Stdout, cs); err != nil {
		fmt.Fprintln(os.Stderr, "codecs:", err)
		os.Exit(1)
	}
}
