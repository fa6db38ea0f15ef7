// Command collect is make collect: it places the raw files of downloaded CI
// artifacts (package internal/collect) under results/<machine-id>/raw/,
// refusing, with one line each and writing nothing, a file cut short,
// given twice or already in results, or from a tree with changes. make
// collect then rebuilds the report.
//
//	go run ./scripts/collect -artifacts dir [-results dir]
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/jsoncost/jsoncost/internal/collect"
)

func main() {
	artifacts := flag.String("artifacts", "", "the `dir`ectory the artifacts were downloaded to: <dir>/<artifact-name>/<raw files>")
	results := flag.String("results", "results", "the results `dir`ectory")
	flag.Parse()
	if *artifacts == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "collect: usage: collect -artifacts dir [-results dir] (make collect ARTIFACTS=dir)")
		os.Exit(2)
	}
	plan, err := collect.Plan(*artifacts, *results)
	if err == nil {
		err = collect.Place(plan)
	}
	if err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			fmt.Fprintln(os.Stderr, "collect:", line)
		}
		os.Exit(1)
	}
	for _, pl := range plan {
		fmt.Printf("collect: %s → %s\n", pl.From, pl.To)
	}
}
