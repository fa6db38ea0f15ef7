package main

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/jsoncost/jsoncost"
	"github.com/jsoncost/jsoncost/internal/rawfmt"
)

func TestParseFlags(t *testing.T) {
	quick := jsoncost.QuickSelection
	tests := []struct {
		args []string
		want options
	}{
		{nil, options{rounds: 20, benchtime: "10ms", large: "10x", fieldsPasses: 2, results: "results"}},
		{[]string{"-codecs", "goccy", "-ops", "", "-benchtime", "100x", "-order-seed", "42", "-large-benchtime", "", "-fields-passes", "3"},
			options{sel: rawfmt.Selection{Codecs: "goccy"}, rounds: 20, benchtime: "100x", fieldsPasses: 3, seed: 42, results: "results"}},
		{[]string{"-quick"}, options{sel: quick, quick: true, rounds: 3, benchtime: "10ms", large: "10x", fieldsPasses: 1, results: "results"}},
		{[]string{"-quick", "-codecs", "", "-rounds", "5", "-ops", "decode-map", "-large-benchtime", "50ms", "-fields-passes", "2"},
			options{sel: rawfmt.Selection{Ops: "decode-map", Fixtures: quick.Fixtures}, quick: true, rounds: 5, benchtime: "10ms", large: "50ms", fieldsPasses: 2, results: "results"}},
		{[]string{"-quick", "-fixtures", "fields-0001", "-benchtime", "1.5s"},
			options{sel: rawfmt.Selection{Ops: quick.Ops, Fixtures: "fields-0001"}, quick: true, rounds: 3, benchtime: "1.5s", large: "10x", fieldsPasses: 1, results: "results"}},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		got, err := parseFlags(tt.args, &stderr)
		if err != nil || got != tt.want || stderr.Len() > 0 {
			t.Errorf("parseFlags(%q) = %+v, %v, stderr %q; want %+v", tt.args, got, err, &stderr, tt.want)
		}
	}
}

func TestParseFlagsRefuses(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-rounds", "abc"}, `-rounds "abc": want a positive whole number`},
		{[]string{"-rounds", "0"}, `-rounds "0": want a positive whole number`},
		{[]string{"-fields-passes", "0"}, `-fields-passes "0": want a positive whole number`},
		{[]string{"-benchtime", "0s"}, `-benchtime "0s": want a positive duration (40ms) or iteration count (100x)`},
		{[]string{"-benchtime", "-1s"}, `-benchtime "-1s": want a positive`},
		{[]string{"-benchtime", "0x"}, `-benchtime "0x": want a positive`},
		{[]string{"-benchtime", "1.5x"}, `-benchtime "1.5x": want a positive`},
		{[]string{"-benchtime", "fast"}, `-benchtime "fast": want a positive`},
		{[]string{"-order-seed", "-1"}, `-order-seed "-1": not a number`},
		{[]string{"-nope"}, "flag provided but not defined: -nope"},
		{[]string{"-quick", "extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		var stderr bytes.Buffer
		_, err := parseFlags(tt.args, &stderr)
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("parseFlags(%q) error = %v, want one line starting %q", tt.args, err, tt.want)
		}
		if stderr.Len() > 0 {
			t.Errorf("parseFlags(%q) printed %q", tt.args, &stderr)
		}
	}
	var stderr bytes.Buffer
	if _, err := parseFlags([]string{"-h"}, &stderr); !errors.Is(err, flag.ErrHelp) || !strings.Contains(stderr.String(), "-rounds n") {
		t.Errorf("parseFlags(-h) = %v, printed %q; want flag.ErrHelp and the usage", err, &stderr)
	}
}

// TestCommandLineErrors runs the runner as a process: bad input is one
// line on stderr and the exit status says whose fault it is.
func TestCommandLineErrors(t *testing.T) {
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"-rounds", "abc"}, 2, `bench: -rounds "abc": want a positive whole number` + "\n"},
		{[]string{"-benchtime", "0s"}, 2, `bench: -benchtime "0s": want a positive duration (40ms) or iteration count (100x)` + "\n"},
		{[]string{"-codecs", "easyjson", "-ops", "decode-map"}, 1, "bench: no cells to run: easyjson does not implement decode-map\n"},
	}
	for _, tt := range tests {
		cmd := exec.Command(testBinary(), append(tt.args, "-bin", "/nonexistent", "-results", t.TempDir())...) // never run
		cmd.Env = append(os.Environ(), roleEnv+"=runner")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		cmd.Run()
		if code := cmd.ProcessState.ExitCode(); code != tt.code || stderr.String() != tt.stderr || stdout.Len() > 0 {
			t.Errorf("bench %q: exit %d, stderr %q, stdout %q; want exit %d, stderr %q", tt.args, code, &stderr, &stdout, tt.code, tt.stderr)
		}
	}
}
