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

// shardPaths lists the packages patterns match, names and files only (one
// go list without dependencies), and returns the import paths of shard sh.
// Run loads those alone: a shard that loaded the whole pattern before
// choosing its part parsed, type-checked and compiled for export data every
// package of the module (and every dependency of each), so that each of n
// shards paid about the whole module's load, and its memory, instead of
// 1/n of it. The listing holds the same packages the full load would, so
// the shards stay disjoint and complete. none says the pattern matched
// packages but this shard holds none of them; when the listing fails or
// matches nothing, paths is nil and the full load reports why.
func shardPaths(dir string, patterns []string, sh Shard) (paths []string, none bool) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	listed, err := packages.Load(&packages.Config{Mode: packages.NeedName, Dir: dir}, patterns...)
	if err != nil || len(listed) == 0 {
		return nil, false
	}
	all := make([]string, 0, len(listed))
	for _, p := range listed {
		if p.PkgPath == "" {
			return nil, false
		}
		all = append(all, p.PkgPath)
	}
	paths = sh.Select(all)
	return paths, len(paths) == 0
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
