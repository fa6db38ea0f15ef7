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
// Run it from the module root. With -infer, the type name must be an
// exported Go identifier, the package name a Go identifier; the document
// may nest objects and arrays at most 100 levels deep (infer.MaxDepth).
// A leading byte-order mark is skipped and duplicate keys are merged, with
// a warning on stderr for each. An error is one line on stderr, with exit
// status 1 and nothing printed on stdout.
package main

import (
	"errors"
	"flag"
	"fmt"
	"go/token"
	"io"
	"os"
	"text/tabwriter"

	"github.com/jsoncost/jsoncost/fixtures/corpus"
	"github.com/jsoncost/jsoncost/internal/infer"
	"github.com/jsoncost/jsoncost/internal/runner"
)

const fixturesDir = "fixtures"

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run returns gen's exit status: 0, 1 after an error, 2 for bad usage.
func run(args []string, stdout, stderr io.Writer) int {
	flags := runner.NewFlags("gen")
	listFlag := flags.Bool("list", false, "print name, family, fields and bytes of every fixture")
	inferPath := flags.String("infer", "", "print the Go types inferred from this JSON document")
	typeName := flags.String("type", "Doc", "with -infer: the name of the document's type")
	pkg := flags.String("pkg", "main", "with -infer: the package clause of the printed file")
	err := flags.Parse(args, stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err == nil && (flags.Given("type") || flags.Given("pkg")) && !flags.Given("infer"):
		err = errors.New("-type and -pkg go with -infer")
	}
	if err != nil {
		fmt.Fprintf(stderr, "gen: %v (see go run ./gen -h)\n", err)
		return 2
	}

	switch {
	case flags.Given("infer"):
		err = inferTypes(stdout, stderr, *inferPath, *typeName, *pkg)
	case *listFlag:
		err = list(stdout)
	default:
		err = write(fixturesDir)
	}
	if err != nil {
		fmt.Fprintln(stderr, "gen:", err)
		return 1
	}
	return 0
}

// inferTypes prints the types inferred from path to w, warnings to warn.
func inferTypes(w, warn io.Writer, path, name, pkg string) error {
	if !token.IsIdentifier(name) || !token.IsExported(name) {
		return fmt.Errorf("-type %q is not an exported Go identifier, like Doc", name)
	}
	if !token.IsIdentifier(pkg) || pkg == "_" {
		return fmt.Errorf("-pkg %q is not a Go package name, like main", pkg)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	t, warnings, err := infer.Infer(name, data)
	if err != nil {
		return infer.In(path, err)
	}
	src, err := infer.Source(pkg, t)
	if err != nil {
		return err
	}
	for _, msg := range warnings {
		fmt.Fprintf(warn, "gen: %s: warning: %s\n", path, msg)
	}
	_, err = w.Write(src)
	return err
}

// list prints the fixtures; an unreadable corpus as missing.
func list(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tFAMILY\tFIELDS\tBYTES")
	row := func(f *fixture) { fmt.Fprintf(tw, "%s\t%s\t%d\t%d\n", f.Name, f.Family, f.Fields, len(f.Data)) }
	for _, f := range synthetic() {
		row(f)
	}
	for _, c := range corpus.Names {
		f, err := realworldFixture(c)
		if err != nil {
			fmt.Fprintf(tw, "realworld-%s\trealworld\t-\tmissing: %s\n", c, corpus.Fetch)
			continue
		}
		row(f)
	}
	return tw.Flush()
}
