package harness

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestCacheLRU: pruning removes the least recently used entries first, and
// a cache hit counts as a use.
func TestCacheLRU(t *testing.T) {
	cache := t.TempDir()
	work := t.TempDir()
	exe := filepath.Join(work, "built")
	if err := os.WriteFile(exe, []byte(strings.Repeat("x", 1000)), 0o755); err != nil {
		t.Fatal(err)
	}
	keys := []string{"a", "b", "c", "d"}
	base := time.Now().Add(-time.Hour)
	for i, k := range keys {
		cachePut(cache, k, exe)
		when := base.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(filepath.Join(cache, k), when, when); err != nil {
			t.Fatal(err)
		}
	}
	// "a" is the oldest entry, but a hit makes it the newest.
	got, ok := cacheGet(cache, "a", t.TempDir())
	if !ok {
		t.Fatal("cache miss for a stored key")
	}
	if data, err := os.ReadFile(got); err != nil || len(data) != 1000 {
		t.Fatalf("the executor from the cache: %d bytes, %v", len(data), err)
	}
	if st, err := os.Stat(got); err != nil {
		t.Error(err)
	} else if runtime.GOOS != "windows" && st.Mode().Perm()&0o100 == 0 {
		t.Errorf("the executor from the cache is not executable: %v", st.Mode())
	}
	if _, ok := cacheGet(cache, "z", t.TempDir()); ok {
		t.Error("cache hit for a key never stored")
	}
	n, bytes := CachePrune(cache, 2500)
	if n != 2 || bytes != 2000 {
		t.Errorf("CachePrune removed %d entries, %d bytes; want 2, 2000", n, bytes)
	}
	for k, want := range map[string]bool{"a": true, "b": false, "c": false, "d": true} {
		_, err := os.Stat(filepath.Join(cache, k))
		if (err == nil) != want {
			t.Errorf("entry %s: present %v, want %v", k, err == nil, want)
		}
	}
	// The executor handed out survives the removal of its entry.
	if err := os.RemoveAll(filepath.Join(cache, "a")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(got); err != nil {
		t.Errorf("the executor handed out went with its cache entry: %v", err)
	}
}
