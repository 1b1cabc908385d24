package generator

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// The shards of a package list are disjoint and together complete, and a
// shard does not depend on the order the loader returned the packages in.
func TestShardsDisjointComplete(t *testing.T) {
	for _, npkgs := range []int{0, 1, 2, 5, 13, 40} {
		var paths []string
		for i := range npkgs {
			paths = append(paths, fmt.Sprintf("example.com/m/p%02d", (i*7)%npkgs))
		}
		for _, n := range []int{1, 2, 3, 4, 7} {
			seen := map[string]int{}
			for i := 1; i <= n; i++ {
				sh := Shard{Index: i, Count: n}
				got := sh.Select(paths)
				shuffled := slices.Clone(paths)
				rand.New(rand.NewPCG(uint64(i), uint64(n))).Shuffle(len(shuffled), func(a, b int) {
					shuffled[a], shuffled[b] = shuffled[b], shuffled[a]
				})
				if again := sh.Select(shuffled); !slices.Equal(got, again) {
					t.Errorf("%d packages, shard %d/%d: %v, but %v from another order", npkgs, i, n, got, again)
				}
				if lo, hi := npkgs/n, (npkgs+n-1)/n; len(got) < lo || len(got) > hi {
					t.Errorf("%d packages, shard %d/%d has %d, want %d to %d", npkgs, i, n, len(got), lo, hi)
				}
				for _, p := range got {
					seen[p]++
				}
			}
			for _, p := range paths {
				if seen[p] != 1 {
					t.Errorf("%d packages in %d shards: %s is in %d shards, want 1", npkgs, n, p, seen[p])
				}
			}
			if len(seen) != len(paths) {
				t.Errorf("%d packages in %d shards: the shards hold %d packages", npkgs, n, len(seen))
			}
		}
	}
}

func TestParseShard(t *testing.T) {
	for _, ok := range []string{"", "1/1", "2/3", "3/3"} {
		if _, err := ParseShard(ok); err != nil {
			t.Errorf("ParseShard(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"0/3", "4/3", "1/0", "-1/2", "1", "a/b", "1/2x", "1/2/3"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

// A shard loads its own packages and their dependencies, not the rest of
// the module: selecting after loading the whole pattern made each of n
// shards parse, type-check (and, with the fact cache, compile for export
// data) every package of the module, so that a shard of a 385-package
// module cost about the whole module's load (issue 35's scale run).
// testdata/gen/shardmod sorts as alpha, beta, delta, gamma, tool: shard
// 1/2 is alpha, delta, tool and 2/2 beta, gamma, where gamma imports alpha.
func TestShardLoadsItsOwnPackages(t *testing.T) {
	root := t.TempDir()
	copyTestdata(t, "../testdata/gen/shardmod", root)
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/shardmod\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	const mod = "example.com/shardmod/"
	want := map[int][]string{
		1: {mod + "alpha", mod + "delta", mod + "tool"},
		2: {mod + "beta", mod + "gamma"},
	}
	for i := 1; i <= 2; i++ {
		cfg := Config{Dir: root, Patterns: []string{"./..."}, Shard: Shard{Index: i, Count: 2}, Log: io.Discard}
		pkgs, roots, _, err := cfg.load(nil)
		if err != nil {
			t.Fatalf("shard %d/2: %v", i, err)
		}
		var got []string
		for _, p := range pkgs {
			got = append(got, p.PkgPath)
		}
		if !slices.Equal(got, want[i]) {
			t.Errorf("shard %d/2 tests %v, want %v", i, got, want[i])
		}
		// The roots beyond the targets are the support packages and,
		// loaded as dependencies, not roots, the packages they import.
		for _, r := range roots {
			if strings.HasPrefix(r.PkgPath, mod) && !slices.Contains(want[i], r.PkgPath) {
				t.Errorf("shard %d/2 loaded %s, a package of the other shard, as a root", i, r.PkgPath)
			}
		}
		var deps []string
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			if strings.HasPrefix(p.PkgPath, mod) && !slices.Contains(want[i], p.PkgPath) {
				deps = append(deps, p.PkgPath)
			}
		})
		if wantDeps := map[int]string{2: mod + "alpha"}[i]; strings.Join(deps, " ") != wantDeps {
			t.Errorf("shard %d/2 loaded %v of the other shard as dependencies, want %q", i, deps, wantDeps)
		}
		if !cfg.sharded || cfg.Shard.Count != 0 {
			t.Errorf("shard %d/2: the patterns were not narrowed to the shard (%+v)", i, cfg.Shard)
		}
	}
	cfg := Config{Dir: root, Patterns: []string{"./..."}, Shard: Shard{Index: 6, Count: 6}, Log: io.Discard}
	if pkgs, _, _, err := cfg.load(nil); pkgs != nil || err != nil {
		t.Errorf("shard 6/6 of 5 packages: %d packages, %v; want none and no error", len(pkgs), err)
	}
}

// copyTestdata copies the .go files under from to the same places under
// to.
func copyTestdata(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		dst := filepath.Join(to, rel)
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
