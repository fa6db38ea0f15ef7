//go:build !linux

package main

// cpuName is not known here.
func cpuName() string { return "" }
