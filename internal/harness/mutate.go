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
	err     error  // the go command's exit
	out     string // its output
}

func (e *buildError) Error() string {
	return fmt.Sprintf("building the executor for %s: %v\n%s", e.pkgPath, e.err, trim(e.out, 4000))
}

func (e *buildError) Unwrap() error { return e.err }

// rename rewrites the overlay's file names in the output (overlay maps
// each file's path to the file written in its place) to the paths they
// replace, so that the output names the package's files.
func (e *buildError) rename(overlay map[string]string) {
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
	seen := map[string]bool{}
	for _, s := range skip {
		seen[s] = true
	}
	var out []string
	for _, l := range strings.Split(e.out, "\n") {
		m := errLine.FindStringSubmatch(strings.TrimSpace(l))
		if m == nil {
			continue
		}
		p := m[1]
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		p = filepath.Clean(p)
		if filepath.Dir(p) != filepath.Clean(dir) || strings.HasSuffix(p, "_test.go") || seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
	}
	sort.Strings(out)
	return out
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
