//go:build !linux

package rss

// TreeRSS reports ok == false: without /proc there is no cheap way to list a
// process's descendants and read their resident sets.
func TreeRSS(pid int) (total int64, ok bool) { return 0, false }
