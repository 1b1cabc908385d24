//go:build !linux

package sysmem

// Without /proc there is no cheap way to list a process's descendants and
// read their resident sets: the watcher records nothing.
const treeSupported = false

func treeRSS(root int) []procRSS { return nil }
