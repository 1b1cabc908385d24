package instrument

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

const testRT = "example.com/p/zz_gentest_rt"

var (
	rtOnce sync.Once
	rtPkg  *types.Package
	rtErr  error
)

// runtimePkg type-checks the runtime's probe files (probeSources).
func runtimePkg(t *testing.T) *types.Package {
	t.Helper()
	rtOnce.Do(func() {
		fset := token.NewFileSet()
		var files []*ast.File
		for _, name := range probeFiles(t) {
			f, err := parser.ParseFile(fset, filepath.Join("..", "rt", name), nil, 0)
			if err != nil {
				rtErr = err
				return
			}
			files = append(files, f)
		}
		// The files import unsafe alone, which the default importer has
		// without reading anything.
		rtPkg, rtErr = (&types.Config{Importer: importer.Default()}).Check(testRT, fset, files, nil)
	})
	if rtErr != nil {
		t.Fatalf("runtime: %v", rtErr)
	}
	return rtPkg
}

// probeFiles names the runtime's files that hold the coverage probes, its
// cover*.go: they compile on their own (see rt/cover.go), and are all of
// the runtime that the tests here overlay.
func probeFiles(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "rt", "cover*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range paths {
		if !strings.HasSuffix(p, "_test.go") {
			names = append(names, filepath.Base(p))
		}
	}
	if len(names) == 0 {
		t.Fatal("no rt/cover*.go")
	}
	return names
}

// probeSources adds the runtime's probe files to an overlay, in rtDir.
func probeSources(t *testing.T, overlay map[string][]byte, rtDir string) {
	t.Helper()
	for _, name := range probeFiles(t) {
		src, err := os.ReadFile(filepath.Join("..", "rt", name))
		if err != nil {
			t.Fatal(err)
		}
		overlay[filepath.Join(rtDir, name)] = src
	}
}

// stdImporter imports packages from their export data (which go list
// -export finds in the build cache), once per test binary: the source
// importer it replaces type-checked os and its dependencies, which took
// seconds.
var stdImporter = sync.OnceValue(func() types.Importer {
	return importer.Default()
})

type rtImporter struct {
	rt   *types.Package
	base types.Importer
}

func (i rtImporter) Import(path string) (*types.Package, error) {
	if path == testRT {
		return i.rt, nil
	}
	return i.base.Import(path)
}

func newInfo() *types.Info {
	return &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Implicits:  map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
		Scopes:     map[ast.Node]*types.Scope{},
	}
}

// instrumentFiles writes srcs (name -> source) into a temp dir, type-checks
// them as package example.com/p, instruments them and type-checks the result
// against the runtime. It returns the instrumented sources by base name.
func instrumentFiles(t *testing.T, srcs map[string]string) (map[string]string, *Table) {
	t.Helper()
	return instrumentWith(t, srcs, Options{})
}

// instrumentWith is instrumentFiles with options.
func instrumentWith(t *testing.T, srcs map[string]string, opts Options) (map[string]string, *Table) {
	t.Helper()
	dir := t.TempDir()
	fset := token.NewFileSet()
	var files []*ast.File
	for name, src := range srcs {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	base := stdImporter()
	info := newInfo()
	pkg, err := (&types.Config{Importer: base}).Check("example.com/p", fset, files, info)
	if err != nil {
		t.Fatalf("fixture does not type-check: %v", err)
	}
	out, tab, err := PackageWith(fset, files, info, pkg, testRT, opts)
	if err != nil {
		t.Fatalf("Package: %v", err)
	}
	res := map[string]string{}
	fset2 := token.NewFileSet()
	var files2 []*ast.File
	for path, b := range out {
		res[filepath.Base(path)] = string(b)
		f, err := parser.ParseFile(fset2, path, b, parser.ParseComments)
		if err != nil {
			t.Fatalf("instrumented %s does not parse: %v\n%s", path, err, b)
		}
		files2 = append(files2, f)
	}
	conf := &types.Config{Importer: rtImporter{runtimePkg(t), stdImporter()}}
	if _, err := conf.Check("example.com/p", fset2, files2, nil); err != nil {
		for _, s := range res {
			t.Log(s)
		}
		t.Fatalf("instrumented package does not type-check: %v", err)
	}
	return res, tab
}

func instrumentSrc(t *testing.T, src string) (string, *Table) {
	t.Helper()
	res, tab := instrumentFiles(t, map[string]string{"p.go": src})
	return res["p.go"], tab
}
