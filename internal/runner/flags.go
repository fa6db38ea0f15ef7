package runner

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
)

// Flags is a command's flag set. Its first bad value is the command's
// error, named by its flag (-rounds "0": …) or, for a flag in Vars, by its
// make variable (ROUNDS=0: …), whose empty value keeps the default.
type Flags struct {
	*flag.FlagSet
	Vars map[string]string // flag → make variable
	bad  error
}

// NewFlags returns an empty flag set of the command name.
func NewFlags(name string) *Flags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return &Flags{FlagSet: fs}
}

// Value defines flag name, which set checks and stores.
func (f *Flags) Value(name, usage string, set func(string) error) {
	f.Func(name, usage, func(s string) error {
		v, isVar := f.Vars[name]
		if s == "" && isVar {
			return nil
		}
		err := set(s)
		switch {
		case err == nil || f.bad != nil:
		case isVar:
			f.bad = fmt.Errorf("%s=%s: %w", v, s, err)
		default:
			f.bad = fmt.Errorf("-%s %q: %w", name, s, err)
		}
		return err
	})
}

// Count defines flag name of a positive whole number.
func (f *Flags) Count(name, usage string, n *int) {
	f.Value(name, usage, func(s string) error {
		v, err := strconv.Atoi(s)
		if err != nil || v < 1 {
			return errors.New("want a positive whole number")
		}
		*n = v
		return nil
	})
}

// Seed defines flag name of an order seed.
func (f *Flags) Seed(name, usage string, seed *uint64) {
	f.Value(name, usage, func(s string) (err error) {
		if *seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			return errors.New("not a number")
		}
		return nil
	})
}

// Parse parses args. -h prints the usage to stderr and returns
// flag.ErrHelp; an argument after the flags is an error.
func (f *Flags) Parse(args []string, stderr io.Writer) error {
	if err := f.FlagSet.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			f.SetOutput(stderr)
			f.Usage()
		}
		return cmp.Or(f.bad, err)
	}
	if f.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", f.Arg(0))
	}
	return nil
}

// Given reports whether the command line set flag name.
func (f *Flags) Given(name string) (given bool) {
	f.Visit(func(fl *flag.Flag) { given = given || fl.Name == name })
	return given
}
