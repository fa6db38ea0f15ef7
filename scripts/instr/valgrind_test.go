package main

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

func TestFind(t *testing.T) {
	tests := []struct {
		name       string
		valgrind   string
		onPath     bool // valgrind is there from the start
		root       bool
		installErr error
		installs   bool // the install puts it on PATH
		want       string
		err        string
		installed  bool // the finder tried to install
	}{
		{name: "on PATH", valgrind: defaultValgrind, onPath: true, want: "/usr/bin/valgrind"},
		{name: "missing, not root", valgrind: defaultValgrind, err: "valgrind not found on PATH; install it"},
		{name: "missing, root", valgrind: defaultValgrind, root: true, installs: true, want: "/usr/bin/valgrind", installed: true},
		{name: "not installable", valgrind: defaultValgrind, root: true, installErr: errors.New("apt-get is not available"),
			err: "could not be installed: apt-get is not available", installed: true},
		{name: "installed elsewhere", valgrind: defaultValgrind, root: true, err: "even after installing it", installed: true},
		{name: "named, missing", valgrind: "/opt/valgrind", root: true, err: `valgrind "/opt/valgrind" not found`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			onPath, installed := tt.onPath, false
			f := finder{
				lookPath: func(name string) (string, error) {
					if onPath && name == defaultValgrind {
						return "/usr/bin/valgrind", nil
					}
					return "", exec.ErrNotFound
				},
				root: tt.root,
				install: func(context.Context) error {
					installed = true
					onPath = tt.installs
					return tt.installErr
				},
			}
			got, err := f.find(context.Background(), tt.valgrind)
			switch {
			case tt.err == "" && (err != nil || got != tt.want):
				t.Errorf("find = %q, %v; want %q", got, err, tt.want)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("find = %q, %v; want an error containing %q", got, err, tt.err)
			}
			if installed != tt.installed {
				t.Errorf("tried to install: %t, want %t", installed, tt.installed)
			}
		})
	}
}

func TestParseSummary(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		err  string
	}{
		{"desc: I1 cache\ncmd: x\nevents: Ir\nfl=a.go\nfn=main\n3 12\nsummary: 42728624\n", 42728624, ""},
		{"events: Ir\nsummary:   7  \n", 7, ""},
		{"events: Ir\nfn=main\n3 12\n", 0, "no summary line"},
		{"events: Ir\nsummary: 1,234\n", 0, "not an instruction count"},
		{"events: Ir\nsummary: 0\n", 0, "not an instruction count"},
		{"events: Ir\nsummary:\n", 0, "no summary line"},
		{"", 0, "no summary line"},
	}
	for _, tt := range tests {
		got, err := parseSummary(strings.NewReader(tt.in))
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("parseSummary(%q) = %d, %v; want %d, %q", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestResultOf(t *testing.T) {
	cell := rawfmt.Cell{Op: "decode-map", Fixture: "fields-0005", Codec: "goccy"}
	header := "goos: linux\ncpu: X\n"
	tests := []struct {
		name, out string
		iters     int64
		err       string
	}{
		{"whole", header + cell.Name() + " \t 2000 \t 6517 ns/op \t 88 B/op\nPASS\n", 2000, ""},
		{"with suffix", header + cell.Name() + "-1 \t 2000 \t 6517 ns/op\n", 2000, ""},
		{"short", header + cell.Name() + " \t 2000\n", 0, "no benchmark line"},
		{"cut in the unit", header + cell.Name() + " \t 2000 \t 6517 ns/o\n", 0, "no benchmark line"},
		{"cut in the name", header + "BenchmarkCodec/op=decode-map/fixture=fields-0005/co\n", 0, "no benchmark line"},
		{"register dump", "SIGSEGV: segmentation violation\nrax 0x0\n", 0, "no benchmark line"},
		{"noop too", header + rawfmt.NoopCell.Name() + " \t 2000 \t 3 ns/op\n" + cell.Name() + " \t 2000 \t 6517 ns/op\n", 0, "ran other cells too"},
	}
	for _, tt := range tests {
		h, iters, err := resultOf([]byte(tt.out), cell)
		if iters != tt.iters || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: resultOf = %d, %v; want %d, %q", tt.name, iters, err, tt.iters, tt.err)
		}
		if err == nil && (len(h) != 2 || h[1].Key != rawfmt.KeyCPU || string(h[1].Value) != "X") {
			t.Errorf("%s: header %v, want goos and cpu", tt.name, h)
		}
	}
}
