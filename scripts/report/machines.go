package main

import (
	"fmt"

	"github.com/jsoncost/jsoncost/internal/report/load"
	"github.com/jsoncost/jsoncost/internal/report/model"
	"github.com/jsoncost/jsoncost/internal/report/render"
)

// withMachinesPage adds to pages the cross-machine page, results/machines/README.md
// (package render's MachinesPage), over every machine whose page is built from
// a full run, when there are two or more. With only set, the page stays as
// it is: it needs every machine.
func withMachinesPage(pages []pageDir, builds []*build, only string) ([]pageDir, error) {
	if only != "" {
		return pages, nil
	}
	var ids []string
	var runs []*load.Run
	for _, b := range builds {
		if r := b.index.Page; r != nil && r.Raw.Full() && r.Builds == nil {
			ids, runs = append(ids, b.m.ID), append(runs, r)
		}
	}
	if len(runs) < 2 {
		return pages, nil
	}
	files, err := render.MachinesPage{F: model.CompareMachines(ids, runs), Results: ".."}.Files()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", render.MachinesDir, err)
	}
	return append(pages, pageDir{dir: render.MachinesDir, managed: []string{"README.md"}, files: files}), nil
}
