//go:build !linux

package main

// Elsewhere than Linux the runner records no affinity.
func affinity() (string, bool) { return "", false }
