// Package scratch makes writable copies of benchmark subjects that the
// benchmark can change freely: remove the human tests, let gentest write its
// file and add requirements to go.mod, put the human tests back.
//
// A module subject is fetched through the module proxy with go mod download
// and its whole module is copied, since the package may import sibling
// packages. A std subject is copied into a scratch module named StdModule; it
// keeps importing the real standard library, which is why a std package that
// imports internal (or vendored) std packages cannot be copied.
package scratch

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gentest-go/gentest/internal/bench/proc"
	"github.com/gentest-go/gentest/internal/bench/subject"
)

// StdModule is the module path of scratch modules holding std packages.
const StdModule = "benchstd"

// goTimeout bounds each go command of the preparation (downloads included).
const goTimeout = 10 * time.Minute

// Copy is a writable copy of a subject's module.
type Copy struct {
	// Root is the module root directory of the copy.
	Root string
	// Dir is the package directory relative to Root, in slash form.
	Dir string
	// PkgPath is the package's import path inside the copy.
	PkgPath string
	// PkgName is the package name.
	PkgName string
	// HumanTests are the base names of the package's own *_test.go files,
	// sorted.
	HumanTests []string
	// Notes record adjustments made while copying.
	Notes []string
}

// PkgDir is the absolute package directory.
func (c *Copy) PkgDir() string { return filepath.Join(c.Root, filepath.FromSlash(c.Dir)) }

// Prepare fetches subject s and copies it to the new directory dst, using env
// for the go command.
func Prepare(ctx context.Context, s subject.Subject, dst string, env []string) (*Copy, error) {
	var c *Copy
	var err error
	if s.Std {
		c, err = prepareStd(ctx, s, dst, env)
	} else {
		c, err = prepareModule(ctx, s, dst, env)
	}
	if err != nil {
		return nil, fmt.Errorf("preparing %s: %w", s, err)
	}
	return c, nil
}

type listed struct {
	Dir, ImportPath, Name string
	Standard              bool
	Imports               []string
	Error                 *struct{ Err string }
}

func goList(ctx context.Context, dir string, env []string, pkg string) (*listed, error) {
	ctx, cancel := context.WithTimeout(ctx, goTimeout)
	defer cancel()
	args := []string{"list", "-e", "-json=Dir,ImportPath,Name,Standard,Imports,Error", pkg}
	r := proc.Run(ctx, dir, env, "go", args...)
	if r.Err != nil {
		return nil, r.Failure("go", args...)
	}
	var l listed
	if err := json.Unmarshal(r.Stdout, &l); err != nil {
		return nil, fmt.Errorf("go list %s: %w", pkg, err)
	}
	if l.Error != nil {
		return nil, fmt.Errorf("go list %s: %s", pkg, l.Error.Err)
	}
	return &l, nil
}

// goVersion returns the language version of the go command, e.g. "1.26".
func goVersion(ctx context.Context, env []string) (string, error) {
	r := proc.Run(ctx, "", env, "go", "env", "GOVERSION")
	if r.Err != nil {
		return "", r.Failure("go", "env", "GOVERSION")
	}
	v := strings.TrimPrefix(strings.TrimSpace(string(r.Stdout)), "go")
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return "", fmt.Errorf("unexpected GOVERSION %q", v)
	}
	minor, _, _ := strings.Cut(parts[1], "-")
	minor = strings.TrimRightFunc(minor, func(r rune) bool { return r < '0' || r > '9' })
	return parts[0] + "." + minor, nil
}

// InternalImport returns the first import of imports that a package outside
// the standard library may not import, or "".
func InternalImport(imports []string) string {
	for _, imp := range imports {
		if strings.HasPrefix(imp, "internal/") || strings.Contains(imp, "/internal/") ||
			strings.HasSuffix(imp, "/internal") || strings.HasPrefix(imp, "vendor/") {
			return imp
		}
	}
	return ""
}

func prepareStd(ctx context.Context, s subject.Subject, dst string, env []string) (*Copy, error) {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return nil, err
	}
	l, err := goList(ctx, dst, env, s.Dir)
	if err != nil {
		return nil, err
	}
	if !l.Standard {
		return nil, fmt.Errorf("%s is not a standard library package", s.Dir)
	}
	if imp := InternalImport(l.Imports); imp != "" {
		return nil, fmt.Errorf("%s imports %s, which cannot be imported from a copy outside GOROOT", s.Dir, imp)
	}
	ver, err := goVersion(ctx, env)
	if err != nil {
		return nil, err
	}
	gomod := fmt.Sprintf("module %s\n\ngo %s\n", StdModule, ver)
	if err := os.WriteFile(filepath.Join(dst, "go.mod"), []byte(gomod), 0o644); err != nil {
		return nil, err
	}
	c := &Copy{Root: dst, Dir: s.Dir, PkgPath: path.Join(StdModule, s.Dir), PkgName: l.Name}
	pkgDir := c.PkgDir()
	if err := os.MkdirAll(pkgDir, 0o755); err != nil {
		return nil, err
	}
	// Only the package's own directory (not subdirectories, which are other
	// packages) plus testdata, which its tests read.
	ents, err := os.ReadDir(l.Dir)
	if err != nil {
		return nil, err
	}
	for _, e := range ents {
		if e.Type().IsRegular() {
			if err := copyWritable(filepath.Join(l.Dir, e.Name()), filepath.Join(pkgDir, e.Name())); err != nil {
				return nil, err
			}
		}
	}
	if fi, err := os.Stat(filepath.Join(l.Dir, "testdata")); err == nil && fi.IsDir() {
		if err := copyTree(filepath.Join(l.Dir, "testdata"), filepath.Join(pkgDir, "testdata")); err != nil {
			return nil, err
		}
	}
	if err := c.scanTests(); err != nil {
		return nil, err
	}
	// External tests import the original package; point them at the copy so
	// they exercise (and cover) it.
	for _, name := range c.HumanTests {
		changed, err := RewriteImport(filepath.Join(pkgDir, name), s.Dir, c.PkgPath)
		if err != nil {
			return nil, err
		}
		if changed {
			c.Notes = append(c.Notes, fmt.Sprintf("%s: import %q rewritten to %q", name, s.Dir, c.PkgPath))
		}
	}
	return c, nil
}

type downloaded struct {
	Path, Version, Dir, Error string
}

func prepareModule(ctx context.Context, s subject.Subject, dst string, env []string) (*Copy, error) {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return nil, err
	}
	dctx, cancel := context.WithTimeout(ctx, goTimeout)
	defer cancel()
	// Run outside any module (dst is still empty) so no go.mod interferes.
	args := []string{"mod", "download", "-json", s.Module + "@" + s.Version}
	r := proc.Run(dctx, dst, env, "go", args...)
	var d downloaded
	if jerr := json.Unmarshal(r.Stdout, &d); jerr != nil {
		if r.Err != nil {
			return nil, r.Failure("go", args...)
		}
		return nil, fmt.Errorf("go mod download: %w", jerr)
	}
	if d.Error != "" {
		return nil, fmt.Errorf("go mod download: %s", d.Error)
	}
	if r.Err != nil {
		return nil, r.Failure("go", args...)
	}
	if err := copyTree(d.Dir, dst); err != nil {
		return nil, err
	}
	c := &Copy{Root: dst, Dir: s.Dir, PkgPath: s.ImportPath()}
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); os.IsNotExist(err) {
		// Pre-modules versions: make the copy a module with the original
		// path so its import paths keep resolving to the copy.
		gomod := fmt.Sprintf("module %s\n\ngo 1.16\n", s.Module)
		if err := os.WriteFile(filepath.Join(dst, "go.mod"), []byte(gomod), 0o644); err != nil {
			return nil, err
		}
		c.Notes = append(c.Notes, "module has no go.mod; wrote one")
	}
	// Tidy so that go.sum covers every dependency the tests need: published
	// go.sum files are often incomplete for the go command's current rules.
	tctx, cancel2 := context.WithTimeout(ctx, goTimeout)
	defer cancel2()
	if r := proc.Run(tctx, dst, env, "go", "mod", "tidy", "-e"); r.Err != nil {
		return nil, r.Failure("go", "mod", "tidy", "-e")
	}
	fi, err := os.Stat(c.PkgDir())
	if err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("package dir %s not in module", s.Dir)
	}
	l, err := goList(ctx, c.PkgDir(), env, ".")
	if err != nil {
		return nil, err
	}
	c.PkgName = l.Name
	if err := c.scanTests(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Copy) scanTests() error {
	matches, err := filepath.Glob(filepath.Join(c.PkgDir(), "*_test.go"))
	if err != nil {
		return err
	}
	c.HumanTests = nil
	for _, m := range matches {
		c.HumanTests = append(c.HumanTests, filepath.Base(m))
	}
	slices.Sort(c.HumanTests)
	return nil
}

// Clone copies the whole copy to the new directory dst.
func (c *Copy) Clone(dst string) (*Copy, error) {
	if err := copyTree(c.Root, dst); err != nil {
		return nil, fmt.Errorf("cloning %s: %w", c.PkgPath, err)
	}
	n := *c
	n.Root = dst
	n.HumanTests = slices.Clone(c.HumanTests)
	n.Notes = slices.Clone(c.Notes)
	return &n, nil
}

// RemoveHumanTests deletes the package's own test files (HumanTests) from the
// copy. Tests of other packages in the module stay.
func (c *Copy) RemoveHumanTests() error {
	for _, name := range c.HumanTests {
		if err := os.Remove(filepath.Join(c.PkgDir(), name)); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("removing human tests of %s: %w", c.PkgPath, err)
		}
	}
	return nil
}

// RestoreHumanTests copies the human tests from the copy they were kept in.
//
// A test, fuzz or benchmark function of another test file in the copy (the
// generated one) that has the name of one of the human tests' functions in
// the same package is renamed with a "_gentest" suffix, so that the two
// compile together: gentest reserves the names of the tests it sees, but
// the benchmark runs it without them (a FuzzComma of both). Nothing calls
// such functions by name, so the rename changes nothing else.
func (c *Copy) RestoreHumanTests(from *Copy) error {
	taken := map[string]bool{} // package name + "." + function name
	for _, name := range from.HumanTests {
		if err := copyWritable(filepath.Join(from.PkgDir(), name), filepath.Join(c.PkgDir(), name)); err != nil {
			return fmt.Errorf("restoring human tests of %s: %w", c.PkgPath, err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(c.PkgDir(), name), nil, parser.SkipObjectResolution)
		if err != nil {
			continue // the compile reports it
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil {
				taken[f.Name.Name+"."+fd.Name.Name] = true
			}
		}
	}
	others, err := filepath.Glob(filepath.Join(c.PkgDir(), "*_test.go"))
	if err != nil {
		return err
	}
	for _, file := range others {
		if slices.Contains(from.HumanTests, filepath.Base(file)) {
			continue
		}
		if err := renameClashes(file, taken); err != nil {
			return fmt.Errorf("restoring human tests of %s: %w", c.PkgPath, err)
		}
	}
	return nil
}

// renameClashes renames the test, fuzz and benchmark functions of file
// whose names taken holds (as package.name), keeping the rest of the file
// byte for byte.
func renameClashes(file string, taken map[string]bool) error {
	src, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil {
		return nil // the compile reports it
	}
	var out bytes.Buffer
	last := 0
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || !taken[f.Name.Name+"."+fd.Name.Name] {
			continue
		}
		if n := fd.Name.Name; !strings.HasPrefix(n, "Test") && !strings.HasPrefix(n, "Fuzz") && !strings.HasPrefix(n, "Benchmark") {
			continue
		}
		end := fset.Position(fd.Name.End()).Offset
		out.Write(src[last:end])
		out.WriteString("_gentest")
		last = end
	}
	if last == 0 {
		return nil
	}
	out.Write(src[last:])
	return os.WriteFile(file, out.Bytes(), 0o644)
}

// RewriteImport replaces imports of path from with to in the Go file, keeping
// everything else byte for byte. It reports whether the file changed.
func RewriteImport(file, from, to string) (bool, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return false, err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.ImportsOnly)
	if err != nil {
		return false, fmt.Errorf("rewriting imports: %w", err)
	}
	var out bytes.Buffer
	last := 0
	for _, spec := range f.Imports {
		p, err := strconv.Unquote(spec.Path.Value)
		if err != nil || p != from {
			continue
		}
		off := fset.Position(spec.Path.Pos()).Offset
		out.Write(src[last:off])
		out.WriteString(strconv.Quote(to))
		last = off + len(spec.Path.Value)
	}
	if last == 0 {
		return false, nil
	}
	out.Write(src[last:])
	return true, os.WriteFile(file, out.Bytes(), 0o644)
}

// copyTree copies the tree under src to the new directory dst. os.CopyFS
// creates files writable whatever their mode in src (the module cache is
// read-only); module zips and GOROOT hold no links or devices, so what
// CopyFS copies is what the go command sees.
func copyTree(src, dst string) error {
	return os.CopyFS(dst, os.DirFS(src))
}

// copyWritable copies one small source file (a Go file, a test) to dst,
// writable.
func copyWritable(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}
