//go:build !gentestcov

package main

func reset() {}

func dump() string { return "" }
