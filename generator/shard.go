package generator

import (
	"fmt"
	"sort"

	"golang.org/x/tools/go/packages"
)

// Shard is one part of a package list split for CI matrices: part Index
// (1-based) of Count.
type Shard struct {
	Index, Count int
}

// ParseShard parses -shard's "i/n" (1 <= i <= n); "" is the whole list.
func ParseShard(s string) (Shard, error) {
	if s == "" {
		return Shard{}, nil
	}
	var sh Shard
	var rest string
	if n, _ := fmt.Sscanf(s, "%d/%d%s", &sh.Index, &sh.Count, &rest); n != 2 {
		return Shard{}, fmt.Errorf("-shard must be i/n with 1 <= i <= n, got %q", s)
	}
	if sh.Count < 1 || sh.Index < 1 || sh.Index > sh.Count {
		return Shard{}, fmt.Errorf("-shard must be i/n with 1 <= i <= n, got %q", s)
	}
	return sh, nil
}

// Select returns the import paths of this shard: the sorted list dealt
// round-robin, so that every path lands in exactly one shard whatever order
// the loader returned them in, and neighbouring packages (often of similar
// size) spread over the shards.
func (s Shard) Select(paths []string) []string {
	sorted := append([]string(nil), paths...)
	sort.Strings(sorted)
	if s.Count <= 1 {
		return sorted
	}
	var out []string
	for i, p := range sorted {
		if i%s.Count == s.Index-1 {
			out = append(out, p)
		}
	}
	return out
}

// selectShard keeps the packages of cfg.Shard, in import path order.
func selectShard(pkgs []*packages.Package, sh Shard) []*packages.Package {
	byPath := map[string]*packages.Package{}
	paths := make([]string, 0, len(pkgs))
	for _, p := range pkgs {
		byPath[p.PkgPath] = p
		paths = append(paths, p.PkgPath)
	}
	var out []*packages.Package
	for _, path := range sh.Select(paths) {
		out = append(out, byPath[path])
	}
	return out
}
