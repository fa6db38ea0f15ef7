package site

import (
	"fmt"
	"path"
	"slices"

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
		// the newest full run (the jobs are newest first), which the machine's instruction count goes with
		i := slices.IndexFunc(b.jobs, func(j *job) bool { return j.run != nil && j.run.Raw.Full() && j.run.Builds == nil })
		if i < 0 {
			continue
		}
		j := b.jobs[i]
		ids, links, runs = append(ids, b.m.ID), append(links, path.Join(b.m.ID, j.dir, "README.md")), append(runs, j.run)
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
