package main

import (
	"fmt"
	"path"

	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
	"github.com/jsoncost/jsoncost/internal/report/render"
)

// withMachinesPage adds to pages the cross-machine page, results/machines/README.md
// (package render's MachinesPage), over the newest full run of every machine
// that has one, when there are two or more. With only set, the page stays as
// it is: it needs every machine.
func withMachinesPage(pages []pageDir, builds []*build, only string) ([]pageDir, error) {
	if only != "" {
		return pages, nil
	}
	var ids, links []string
	var runs []*load.Run
	for _, b := range builds {
		var newest *load.Run // the run the machine's instruction count goes with
		for _, j := range b.jobs {
			if r := j.run; r != nil && r.Raw.Full() && r.Builds == nil && (newest == nil || r.Raw.Name.Stamp.After(newest.Raw.Name.Stamp)) {
				newest = r
			}
		}
		if newest == nil {
			continue
		}
		link := path.Join(b.m.ID, "README.md")
		if newest != b.index.Page {
			link = path.Join(b.m.ID, runsDir, newest.Raw.Name.StampString(), "README.md")
		}
		ids, links, runs = append(ids, b.m.ID), append(links, link), append(runs, newest)
	}
	if len(runs) < 2 {
		return pages, nil
	}
	files, err := render.MachinesPage{F: model.CompareMachines(ids, runs), Results: "..", Pages: links}.Files()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", render.MachinesDir, err)
	}
	return append(pages, pageDir{dir: render.MachinesDir, managed: []string{"README.md"}, files: files}), nil
}
