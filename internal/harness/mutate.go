package harness

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Mutated builds (Options.Mutate) fall back file by file: the compiler's
// errors name the instrumented files it rejects, and Build drops their
// mutants (instrument.Options.NoMutants) before it drops all of them.

// breakMutated, set by tests only, edits each instrumented file of a
// mutated build (noMutants as Build passes it), to make it fail.
var breakMutated func(path string, src []byte, noMutants []string) []byte

// buildError is a failed go test -c: its output says why.
type buildError struct {
	pkgPath string
	err     error             // the go command's exit
	out     string            // its output
	overlay map[string]string // package file -> the file written in its place
}

func (e *buildError) Error() string {
	return fmt.Sprintf("building the executor for %s: %v\n%s", e.pkgPath, e.err, trim(e.out, 4000))
}

func (e *buildError) Unwrap() error { return e.err }

// rename rewrites the overlay's file names in the output (overlay maps
// each file's path to the file written in its place) to the paths they
// replace, so that the output names the package's files.
func (e *buildError) rename(overlay map[string]string) {
	e.overlay = overlay
	paths := make([]string, 0, len(overlay))
	for p, w := range overlay {
		if w != "" {
			paths = append(paths, p)
		}
	}
	// Longest written name first, so that no name is replaced inside a
	// longer one.
	sort.Slice(paths, func(i, j int) bool {
		if a, b := len(overlay[paths[i]]), len(overlay[paths[j]]); a != b {
			return a > b
		}
		return paths[i] < paths[j]
	})
	for _, p := range paths {
		e.out = strings.ReplaceAll(e.out, overlay[p], p)
	}
}

// errLine matches a compiler error line: file:line:col: message.
var errLine = regexp.MustCompile(`^(\S+\.go):\d+:\d+: `)

// firstLine is the first compiler error line of the output, or its first
// line that is not a "# package" header.
func (e *buildError) firstLine() string {
	lines := strings.Split(e.out, "\n")
	for _, l := range lines {
		if errLine.MatchString(strings.TrimSpace(l)) {
			return strings.TrimSpace(l)
		}
	}
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
			return l
		}
	}
	return e.err.Error()
}

// files returns the Go files of the package directory dir that the
// compiler's errors name (absolute, sorted), leaving out those in skip.
func (e *buildError) files(dir string, skip []string) []string {
	return CompilerFiles(e.out, dir, e.overlay, skip)
}

// CompilerFiles returns the Go files of the package directory dir
// (absolute, sorted; no test files) that the compiler's error lines in out
// name, leaving out those in skip: the files whose mutants to drop
// (Options.NoMutants) when a mutated build fails. overlay maps each
// package file to the file an -overlay put in its place (nil if none):
// the compiler names those, by an absolute path or one relative to dir,
// whichever is shorter.
func CompilerFiles(out, dir string, overlay map[string]string, skip []string) []string {
	dir = filepath.Clean(dir)
	orig := map[string]string{} // written file -> package file
	for p, w := range overlay {
		if w != "" {
			orig[filepath.Clean(w)] = p
		}
	}
	seen := map[string]bool{}
	for _, s := range skip {
		seen[s] = true
	}
	var files []string
	for _, l := range strings.Split(out, "\n") {
		m := errLine.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		p := m[1]
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		p = filepath.Clean(p)
		if o, ok := orig[p]; ok {
			p = o
		}
		if filepath.Dir(p) != dir || strings.HasSuffix(p, "_test.go") || seen[p] {
			continue
		}
		seen[p] = true
		files = append(files, p)
	}
	sort.Strings(files)
	return files
}

// failureName is the file of a cache entry that records a failed build.
const failureName = "failed"

// cachePutFailure records that the build of key failed with output out.
// Best effort, like cachePut.
func cachePutFailure(cacheDir, key, out string) {
	entry := filepath.Join(cacheDir, key)
	if os.MkdirAll(entry, 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(entry, failureName+".tmp*")
	if err != nil {
		return
	}
	name := tmp.Name()
	_, werr := tmp.WriteString(out)
	if cerr := tmp.Close(); werr != nil || cerr != nil || os.Rename(name, filepath.Join(entry, failureName)) != nil {
		os.Remove(name)
	}
}

// cacheGetFailure returns the output of key's failed build, if one is
// recorded.
func cacheGetFailure(cacheDir, key string) (string, bool) {
	b, err := os.ReadFile(filepath.Join(cacheDir, key, failureName))
	if err != nil {
		return "", false
	}
	return string(b), true
}
