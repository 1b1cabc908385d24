// Package puritydep is imported by package purity to check that facts
// cross package boundaries.
package puritydep

import "os"

// Counter is mutated by Inc.
type Counter struct{ N int }

func (c *Counter) Inc() { c.N++ } // want Inc:"^mutates-receiver$"

func (c Counter) Get() int { return c.N } // want Get:"^pure$"

func Fill(dst []int, v int) { // want Fill:"^mutates-param:0$"
	for i := range dst {
		dst[i] = v
	}
}

func Save(name string, data []byte) error { // want Save:"^io io:fs-write$"
	return os.WriteFile(name, data, 0o644)
}

func Twice(f func()) { // want Twice:"^pure calls-param:0$"
	f()
	f()
}
