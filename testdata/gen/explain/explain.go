// Package explain has one function per reason gentest gen -explain gives
// for code its tests leave uncovered: a function the safety policy
// excludes, one whose input nothing builds, a condition the search never
// satisfies, a helper nothing calls; and one function it covers fully.
package explain

import "os"

// Save writes data to a file: its effect fact says fs-write, so the safety
// policy leaves it out.
func Save(path string, data []byte) error {
	return os.WriteFile(path, encode(data), 0o644)
}

// encode is reached only from Save: nothing that ran called it.
func encode(data []byte) []byte {
	out := make([]byte, 0, 2*len(data))
	for _, b := range data {
		out = append(out, b, b)
	}
	return out
}

// Grid is an array: no literal fills it and nothing returns one.
type Grid [3][3]Cell

// Cell is one cell of a grid.
type Cell struct {
	mark byte
}

// Winner needs a Grid, which nothing in the package builds.
func Winner(g Grid) byte {
	for i := range g {
		if g[i][0].mark != 0 && g[i][0] == g[i][1] && g[i][1] == g[i][2] {
			return g[i][0].mark
		}
	}
	return 0
}

// Root says whether n is the square root of 1522756; no constant of the
// package is n, so the search only comes close.
func Root(n int) string {
	if n > 0 && n*n == 1522756 {
		return "root"
	}
	return "not the root"
}

// Double is fully covered.
func Double(n int) int { return 2 * n }
