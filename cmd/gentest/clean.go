package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// cacheRoot is the directory all of gentest's caches live under: the
// executor cache (executors/) and whatever else gentest keeps between runs.
func cacheRoot() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("locating the user cache directory: %w", err)
	}
	return filepath.Join(dir, "gentest"), nil
}

func cmdClean(args []string) int {
	fs := flag.NewFlagSet("gentest clean", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: gentest clean

clean removes gentest's caches (built executors, and anything else gentest
keeps under its cache directory) and says what it removed.
`)
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "gentest clean: unexpected arguments %q\n", fs.Args())
		return 2
	}
	root, err := cacheRoot()
	if err != nil {
		fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
		return 1
	}
	if err := clean(root, os.Stdout); err != nil {
		fmt.Fprintf(os.Stderr, "gentest: %v\n", err)
		return 1
	}
	return 0
}

// clean removes root and everything under it, reporting each top-level
// entry with what it held.
func clean(root string, w io.Writer) error {
	ents, err := os.ReadDir(root)
	if errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(w, "gentest: nothing to remove (%s does not exist)\n", root)
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading the cache directory: %w", err)
	}
	if len(ents) == 0 {
		fmt.Fprintf(w, "gentest: nothing to remove in %s\n", root)
	}
	for _, e := range ents {
		p := filepath.Join(root, e.Name())
		what := ""
		if e.IsDir() {
			// The executor cache has one entry per package build.
			if sub, err := os.ReadDir(p); err == nil {
				what = fmt.Sprintf("%d entries, ", len(sub))
			}
		}
		files, bytes := diskUsage(p)
		if err := os.RemoveAll(p); err != nil {
			return fmt.Errorf("removing %s: %w", p, err)
		}
		fmt.Fprintf(w, "gentest: removed %s (%s%d files, %.1f MiB)\n", p, what, files, float64(bytes)/(1<<20))
	}
	if err := os.Remove(root); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("removing %s: %w", root, err)
	}
	return nil
}

// diskUsage counts the regular files under p and their bytes.
func diskUsage(p string) (files int, bytes int64) {
	filepath.WalkDir(p, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				files++
				bytes += info.Size()
			}
		}
		return nil
	})
	return files, bytes
}
