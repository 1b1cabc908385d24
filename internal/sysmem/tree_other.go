//go:build !linux

package sysmem

// Without /proc there is no cheap way to list a process's descendants and
// read their resident sets: the watcher records nothing.
const treeSupported = false

type treeSampler struct{}

func newTreeSampler(root int) *treeSampler { return &treeSampler{} }
func (s *treeSampler) sample() []procRSS   { return nil }
func (s *treeSampler) close()              {}
