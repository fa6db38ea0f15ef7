// Command gen generates the fixtures of package fixtures, deterministically:
// the same bytes on every run and machine.
//
// Usage:
//
//	go run ./gen                      write fixtures/data/*.json, the Go types and their easyjson code
//	go run ./gen -list                print name, family, fields and bytes of every fixture
//	go run ./gen -infer doc.json -type Doc [-pkg main]
//	                                  print Go types inferred from a JSON document
//
// Run it from the module root.
package main

import (
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"text/tabwriter"

	"github.com/jsoncost/jsoncost/fixtures/corpus"
	"github.com/jsoncost/jsoncost/gen/infer"
)

// fixturesDir is where go run ./gen writes, relative to the module root.
const fixturesDir = "fixtures"

func main() {
	listFlag := flag.Bool("list", false, "print name, family, fields and bytes of every fixture")
	inferPath := flag.String("infer", "", "print the Go types inferred from this JSON document")
	typeName := flag.String("type", "Doc", "with -infer: the name of the document's type")
	pkg := flag.String("pkg", "main", "with -infer: the package clause of the printed file")
	flag.Parse()

	var err error
	switch {
	case *inferPath != "":
		err = inferTypes(os.Stdout, *inferPath, *typeName, *pkg)
	case *listFlag:
		err = list(os.Stdout)
	default:
		err = write(fixturesDir)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// inferTypes prints a Go file of package pkg with the types inferred from
// the JSON document at path, the document's type called name. Invalid JSON
// is reported as path:line:column.
func inferTypes(w io.Writer, path, name, pkg string) error {
	if !token.IsIdentifier(name) {
		return fmt.Errorf("-type %q is not a Go identifier", name)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	t, err := infer.Infer(name, data)
	if err != nil {
		return fmt.Errorf("%s:%w", path, err)
	}
	src, err := infer.Source(pkg, t)
	if err != nil {
		return err
	}
	_, err = w.Write(src)
	return err
}

// list prints the table of fixtures. A corpus that cannot be read is
// listed as missing, with the command that fetches it.
func list(w io.Writer) error {
	synth, err := synthetic()
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tFAMILY\tFIELDS\tBYTES")
	for _, f := range synth {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\n", f.name, f.family, f.fields, len(f.data))
	}
	for _, c := range corpus.Names {
		f, err := realworldFixture(c)
		if err != nil {
			fmt.Fprintf(tw, "realworld-%s\trealworld\t-\tmissing: %s\n", c, corpus.Fetch)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\n", f.name, f.family, f.fields, len(f.data))
	}
	return tw.Flush()
}
