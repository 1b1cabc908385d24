package main

// gentest check: whether the generated files are current, for CI. It
// writes nothing in the module.

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/analyzers/suite"
	"github.com/gentest-go/gentest/generator"
	"github.com/gentest-go/gentest/internal/load"
	"github.com/gentest-go/gentest/internal/write"
)

// The verdicts of gentest check, one per package.
const (
	verdictFresh   = "fresh"   // the file's tests pass, and cover what changed since it was generated
	verdictMissing = "missing" // no generated file
	verdictStale   = "stale"   // the package changed and the file leaves changed code uncovered, or it has no stamp
	verdictFailing = "failing" // the file's tests fail (or do not build)
	verdictSkipped = "skipped" // gen writes no file for it (cgo, nothing exported or callable): not a failure
)

// cmdCheck is gentest check.
func cmdCheck(args []string) int {
	fs := flag.NewFlagSet("gentest check", flag.ContinueOnError)
	shard := fs.String("shard", "", "check only shard `i/n` (1 <= i <= n) of the sorted package list, as gen -shard")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `Usage: gentest check [flags] [packages]

check exits with status 1 when a package's generated file
(<pkgname>_gentest_test.go) is missing, stale or failing, and says which,
one line per package; it writes nothing. A file records what it was
generated from (its header's gentest:stamp); when the package's sources
changed since, check runs the file's tests: failing if they fail, stale if a
function that is new or changed since has none of its statements covered by
them, fresh otherwise. Packages named main are not checked, and packages gen
skips (cgo, nothing exported, nothing it can call) are listed as skipped,
which is no failure: for a package without a file, check asks gen's model
whether it has anything to call (which loads and analyzes that package,
with the fact cache).

Flags:
`)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, "check", args); !ok {
		return code
	}
	return checkPackages(fs.Args(), *shard, os.Stdout, os.Stderr)
}

// checkPackages checks the generated files of the packages matched by
// patterns (of the shard) and prints a verdict per package on stdout; it
// returns the exit status.
func checkPackages(patterns []string, shard string, stdout, stderr io.Writer) int {
	sh, err := generator.ParseShard(shard)
	if err != nil {
		fmt.Fprintf(stderr, "gentest check: %v\n", err)
		return 2
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles}, patternsOrDot(patterns)...)
	if err != nil {
		fmt.Fprintf(stderr, "gentest check: loading: %v\n", err)
		return 1
	}
	byPath := map[string]*packages.Package{}
	var paths []string
	for _, p := range pkgs {
		byPath[p.PkgPath] = p
		paths = append(paths, p.PkgPath)
	}
	type row struct{ path, verdict, detail string }
	var rows []row
	var missing []string
	for _, path := range sh.Select(paths) {
		p := byPath[path]
		if len(p.Errors) > 0 {
			rows = append(rows, row{path, verdictFailing, fmt.Sprint(p.Errors[0])})
			continue
		}
		if p.Name == "main" || len(p.GoFiles) == 0 {
			continue
		}
		if err := load.CheckTestableFiles(p.Name, path, p.GoFiles); err != nil {
			// gen skips it (cgo, nothing exported to call) and writes no
			// file: a missing file there is no failure, or a module with
			// such a package could never pass.
			var le *load.Error
			if errors.As(err, &le) {
				rows = append(rows, row{path, verdictSkipped, le.Msg})
				continue
			}
		}
		verdict, detail := checkPackage(p)
		if verdict == verdictMissing {
			missing = append(missing, path)
		}
		rows = append(rows, row{path, verdict, detail})
	}
	// Whether gen skips a package without a file for a reason of its
	// types (nothing it can call) only gen's model can say.
	skips := genSkips(missing, stderr)
	status := 0
	for _, r := range rows {
		if why, ok := skips[r.path]; ok && r.verdict == verdictMissing {
			r.verdict, r.detail = verdictSkipped, why
		}
		fmt.Fprintf(stdout, "%-8s %s", r.verdict, r.path)
		if r.detail != "" {
			fmt.Fprintf(stdout, ": %s", r.detail)
		}
		fmt.Fprintln(stdout)
		if r.verdict != verdictFresh && r.verdict != verdictSkipped {
			status = 1
		}
	}
	return status
}

// genSkips asks gen, up to each package's model (generator.Config's
// ModelOnly: load, analysis with the fact cache, model; nothing built, run
// or written), which of the packages without a generated file it skips,
// and why. A package gen would work on stays missing; so does every one
// when gen cannot answer (said on stderr): check then errs on the side
// of a failure.
func genSkips(paths []string, stderr io.Writer) map[string]string {
	if len(paths) == 0 {
		return nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return nil
	}
	cfg := generator.Config{Dir: dir, Patterns: paths, Analyzers: suite.Analyzers(), ModelOnly: true, Log: io.Discard}
	if c, err := os.UserCacheDir(); err == nil {
		cfg.FactCacheDir = filepath.Join(c, "gentest", "facts")
	}
	sums, err := generator.Run(context.Background(), cfg)
	out := map[string]string{}
	var le *load.Error
	if len(paths) == 1 && errors.As(err, &le) {
		out[paths[0]] = le.Msg
		return out
	}
	if err != nil {
		fmt.Fprintf(stderr, "gentest check: asking gen which packages it skips: %v\n", err)
	}
	for _, s := range sums {
		if s.Skipped != "" && s.Failed == "" {
			out[s.Package] = s.Skipped
		}
	}
	return out
}

// checkPackage is the verdict on one package's generated file, and why.
func checkPackage(p *packages.Package) (verdict, detail string) {
	dir := filepath.Dir(p.GoFiles[0])
	name := p.Name + "_gentest_test.go"
	src, err := os.ReadFile(filepath.Join(dir, name))
	if errors.Is(err, os.ErrNotExist) {
		return verdictMissing, "no " + name + " (gentest gen writes it)"
	} else if err != nil {
		return verdictFailing, err.Error()
	}
	was, ok := write.ReadStamp(src)
	if !ok {
		return verdictStale, name + " has no gentest:stamp (written by a gentest before check); regenerate it"
	}
	now, err := write.SourceStamp(p.GoFiles)
	if err != nil {
		return verdictFailing, err.Error()
	}
	changed := now.Source != was.Source
	tests := testNames(src)
	if len(tests) == 0 {
		return verdictFailing, name + " has no tests"
	}
	profile, out, err := runFileTests(dir, tests)
	if err != nil {
		why := "its tests fail"
		if changed {
			why = "the package changed since " + name + " was generated and its tests fail"
		}
		return verdictFailing, why + ":\n" + indent(out)
	}
	if !changed {
		return verdictFresh, ""
	}
	uncovered, err := uncoveredChanges(p.GoFiles, was.Funcs, profile)
	if err != nil {
		return verdictFailing, err.Error()
	}
	if len(uncovered) > 0 {
		return verdictStale, "changed since " + name + " was generated, and its tests cover none of " + strings.Join(uncovered, ", ")
	}
	return verdictFresh, "changed since generated; its tests pass and cover the changed functions"
}

// testNames are the file's test and fuzz functions.
func testNames(src []byte) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	var out []string
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && (strings.HasPrefix(fd.Name.Name, "Test") || strings.HasPrefix(fd.Name.Name, "Fuzz")) {
			out = append(out, fd.Name.Name)
		}
	}
	return out
}

// runFileTests runs the tests named in dir's package with a statement
// cover profile, in a temporary directory; it returns the profile, and
// the output of a failed run.
func runFileTests(dir string, tests []string) (profile []byte, out string, err error) {
	tmp, err := os.MkdirTemp("", "gentest-check-")
	if err != nil {
		return nil, "", fmt.Errorf("gentest check: %w", err)
	}
	defer os.RemoveAll(tmp)
	cover := filepath.Join(tmp, "cover.out")
	cmd := exec.Command("go", "test", "-count=1", "-covermode=set", "-coverprofile="+cover,
		"-run=^("+strings.Join(tests, "|")+")$", ".")
	cmd.Dir = dir
	b, err := cmd.CombinedOutput()
	if err != nil {
		return nil, lastLines(string(b), 20), fmt.Errorf("gentest check: go test in %s: %w", dir, err)
	}
	profile, err = os.ReadFile(cover)
	if err != nil {
		return nil, "", fmt.Errorf("gentest check: reading the cover profile: %w", err)
	}
	return profile, "", nil
}

// uncoveredChanges returns the functions of files that are new or changed
// since the stamp's function hashes (was) and of whose statements the
// cover profile covers none.
func uncoveredChanges(files, was []string, profile []byte) ([]string, error) {
	covered, err := coveredRanges(profile)
	if err != nil {
		return nil, err
	}
	var out []string
	fset := token.NewFileSet()
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			return nil, fmt.Errorf("gentest check: %w", err)
		}
		f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("gentest check: %w", err)
		}
		texts := write.FuncSources(fset, file, src)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || len(fd.Body.List) == 0 {
				continue
			}
			key := write.FuncKey(fd)
			if key == "init" {
				continue // not callable by a test; its hash key carries an offset
			}
			if slices.Contains(was, write.FuncHash(key, texts[key])) {
				continue
			}
			start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
			if !covered.any(filepath.Base(file), start.Line, end.Line) {
				out = append(out, key)
			}
		}
	}
	return out, nil
}

// coverBlocks are the covered blocks of a profile, by file base name:
// their line ranges.
type coverBlocks map[string][][2]int

func (c coverBlocks) any(file string, from, to int) bool {
	for _, r := range c[file] {
		if r[0] >= from && r[1] <= to {
			return true
		}
	}
	return false
}

// coveredRanges reads a cover profile ("file:l.c,l.c stmts count").
func coveredRanges(profile []byte) (coverBlocks, error) {
	out := coverBlocks{}
	sc := bufio.NewScanner(bytes.NewReader(profile))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") || line == "" {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			return nil, fmt.Errorf("gentest check: bad cover profile line %q", line)
		}
		if f[2] == "0" {
			continue
		}
		file, span, _ := strings.Cut(f[0], ":")
		a, b, _ := strings.Cut(span, ",")
		l0, _ := strconv.Atoi(strings.SplitN(a, ".", 2)[0])
		l1, _ := strconv.Atoi(strings.SplitN(b, ".", 2)[0])
		base := filepath.Base(file)
		out[base] = append(out[base], [2]int{l0, l1})
	}
	return out, sc.Err()
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(s, "\n", "\n\t")
}
