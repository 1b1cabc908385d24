package harness

import (
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"
)

// The executor cache: CacheDir/<key>/executor[.exe], one directory per
// key. An entry's directory mtime is its last use: Build touches it on a
// hit, and CachePrune removes the least recently used entries first.

// DefaultCacheMaxBytes bounds the executor cache: executors are 10 to 40
// MiB each, so this keeps roughly the last hundred packages' executors.
const DefaultCacheMaxBytes = 2 << 30

// cacheGet returns a cached executor for key, linked (or copied) into
// workDir: a concurrent prune or gentest clean may remove the entry while
// the executor runs, and Windows could not remove it at all while it runs.
func cacheGet(cacheDir, key, workDir string) (string, bool) {
	entry := filepath.Join(cacheDir, key)
	cached := filepath.Join(entry, executorName)
	st, err := os.Stat(cached)
	if err != nil || !st.Mode().IsRegular() {
		return "", false
	}
	exe := filepath.Join(workDir, executorName)
	if os.Link(cached, exe) != nil && copyFile(cached, exe) != nil {
		return "", false
	}
	now := time.Now()
	os.Chtimes(entry, now, now)
	return exe, true
}

// cachePut stores exe as key's entry. The file is written under a temporary
// name and renamed, so a concurrent gentest never runs a half-written one.
func cachePut(cacheDir, key, exe string) {
	entry := filepath.Join(cacheDir, key)
	if os.MkdirAll(entry, 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(entry, executorName+".tmp*")
	if err != nil {
		return
	}
	name := tmp.Name()
	tmp.Close()
	// CreateTemp makes the file 0600; the executor must be executable.
	if copyFile(exe, name) != nil || os.Chmod(name, 0o755) != nil || os.Rename(name, filepath.Join(entry, executorName)) != nil {
		os.Remove(name)
	}
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// CachePrune removes the least recently used entries of the executor cache
// in cacheDir until it holds at most maxBytes (0: DefaultCacheMaxBytes). It
// returns the number of entries and bytes removed.
func CachePrune(cacheDir string, maxBytes int64) (entries int, bytes int64) {
	if maxBytes <= 0 {
		maxBytes = DefaultCacheMaxBytes
	}
	ents, err := os.ReadDir(cacheDir)
	if err != nil {
		return 0, 0
	}
	type entry struct {
		path string
		used time.Time
		size int64
	}
	var all []entry
	var total int64
	for _, e := range ents {
		if !e.IsDir() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		p := filepath.Join(cacheDir, e.Name())
		size := dirSize(p)
		all = append(all, entry{p, info.ModTime(), size})
		total += size
	}
	// Oldest first; the name breaks ties so that the order is the same on
	// every run.
	sort.Slice(all, func(i, j int) bool {
		if !all[i].used.Equal(all[j].used) {
			return all[i].used.Before(all[j].used)
		}
		return all[i].path < all[j].path
	})
	for _, e := range all {
		if total <= maxBytes {
			break
		}
		if os.RemoveAll(e.path) == nil {
			total -= e.size
			entries++
			bytes += e.size
		}
	}
	return entries, bytes
}

// dirSize is the total size of the regular files under dir.
func dirSize(dir string) int64 {
	var n int64
	filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}
