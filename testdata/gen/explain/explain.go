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

// Checksum says whether s hashes (FNV-1a) to a constant: the search sees
// the comparison and its distance, but no input it mutates is the hash.
func Checksum(s string) string {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	if h == 0x9e3779b9 {
		return "match"
	}
	return "no match"
}

// Double is fully covered.
func Double(n int) int { return 2 * n }
