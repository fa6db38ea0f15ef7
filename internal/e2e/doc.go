// Package e2e holds the test that walks the suite's whole path the way a
// user adds a codec: a configuration the registry does not list is
// registered in every process (through codecs.TestCodecEnv), the runner
// times it beside encoding-json, and the report gives it tables, fits and
// charts; a broken variant is refused by the correctness gate and leaves no
// result behind.
package e2e
