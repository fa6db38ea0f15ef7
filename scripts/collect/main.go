// Command collect is make collect: it adds the raw files of other machines,
// as a CI run's artifacts bring them, to the results directory, and make
// collect then rebuilds the report:
//
//	go run ./scripts/collect -artifacts dir
//
// Plan walks an artifacts directory laid out as GitHub's artifact download
// lays it out (<dir>/<artifact-name>/<files>, at any depth), loads every
// file as the report does (package load) and places it at
// results/<machine-id>/raw/<name> by the machine-id line of its header. A
// file that is not a whole run, comes from a tree with changes, is already
// in results or is given twice is refused with one line each, and then
// nothing is placed. Files flow from the artifacts through load to Place,
// which writes them with safefile.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	artifacts := flag.String("artifacts", "", "the `dir`ectory the artifacts were downloaded to: <dir>/<artifact-name>/<raw files>")
	flag.Parse()
	if *artifacts == "" || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "collect: usage: collect -artifacts dir (make collect ARTIFACTS=dir)")
		os.Exit(2)
	}
	plan, err := Plan(*artifacts, "results")
	if err == nil {
		err = Place(plan)
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
