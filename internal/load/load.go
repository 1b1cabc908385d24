// Package load loads the packages gentest works on, checks that they are
// something tests can be generated for, and runs the analyzer suite over
// them (and, for facts, over their dependencies) with the checker driver.
package load

import (
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Mode is what gentest needs from go/packages: syntax and types for the
// whole dependency graph, because analyzers compute facts for dependencies
// from source (as go vet does).
const Mode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedTypes | packages.NeedSyntax |
	packages.NeedTypesInfo | packages.NeedTypesSizes | packages.NeedModule | packages.NeedEmbedFiles

// Error is a user-facing problem with a package: printed as one line, exit
// status 1.
type Error struct {
	Pkg string
	Msg string
}

func (e *Error) Error() string {
	if e.Pkg == "" {
		return e.Msg
	}
	return e.Pkg + ": " + e.Msg
}

// Packages loads the packages matched by patterns, relative to dir, with
// Mode. Tests are not loaded: gentest works on the package's own code.
func Packages(dir string, patterns []string) ([]*packages.Package, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	if err := checkPaths(dir, patterns); err != nil {
		return nil, err
	}
	cfg := &packages.Config{Mode: Mode, Dir: dir, Tests: false}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, &Error{Pkg: strings.Join(patterns, " "), Msg: fmt.Sprintf("cannot load: %v", err)}
	}
	if len(pkgs) == 0 {
		return nil, &Error{Pkg: strings.Join(patterns, " "), Msg: "matched no packages"}
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
	return pkgs, nil
}

// SupportPackages are loaded with every target so that the detective can
// build common inputs the package cannot build itself: io.Readers from
// strings and bytes, errors, contexts.
var SupportPackages = []string{"strings", "bytes", "errors", "context"}

// maxModulePackages bounds how many packages of the target's module are
// loaded to look for implementers and producers: beyond it, loading them
// all with syntax would cost more than the search.
const maxModulePackages = 60

// WithSupport loads the packages matched by patterns together with the
// support packages and, when wantModule says the targets need inputs that
// nothing loaded so far provides, the other library packages of their
// module (when it is small enough), in one type universe. It returns the
// targets (the packages the patterns matched) and all loaded roots.
func WithSupport(dir string, patterns []string, wantModule func(targets, roots []*packages.Package) bool) (targets, roots []*packages.Package, err error) {
	targets, roots, _, err = WithSupportCached(dir, patterns, wantModule, nil)
	return targets, roots, err
}

// WithSupportCached is WithSupport for a run with a fact cache. When the
// cache holds the facts of every package the roots depend on, only the
// roots are parsed and type-checked from source; their dependencies' types
// come from the compiler's export data (the go command's build cache), as
// a build would see them, and those packages have no syntax. Type-checking
// the whole dependency graph from source is most of a warm run's start
// otherwise (go-humanize: 8.3 s against 0.9 s on a loaded machine).
// fromExport says which way the packages were loaded: AnalyzeFacts cannot
// analyze a dependency without syntax, and says so with ErrNeedSource,
// after which the caller loads again with WithSupport.
func WithSupportCached(dir string, patterns []string, wantModule func(targets, roots []*packages.Package) bool, cache *FactCache) (targets, roots []*packages.Package, fromExport bool, err error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	if err := checkPaths(dir, patterns); err != nil {
		return nil, nil, false, err
	}
	// A cheap listing first, to know which import paths the patterns name.
	listed, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedModule, Dir: dir}, patterns...)
	if err != nil {
		return nil, nil, false, &Error{Pkg: strings.Join(patterns, " "), Msg: fmt.Sprintf("cannot load: %v", err)}
	}
	if len(listed) == 0 {
		return nil, nil, false, &Error{Pkg: strings.Join(patterns, " "), Msg: "matched no packages"}
	}
	l := &supportLoad{dir: dir, patterns: patterns, cache: cache, isTarget: map[string]bool{}, all: map[string]bool{}}
	var mod *packages.Module
	for _, p := range listed {
		if len(p.Errors) > 0 && len(p.GoFiles) == 0 {
			// Let the full load report it with the right message.
			pkgs, err := Packages(dir, patterns)
			return pkgs, pkgs, false, err
		}
		l.isTarget[p.PkgPath] = true
		l.add(p.PkgPath)
		if mod == nil && p.Module != nil {
			mod = p.Module
		}
	}
	for _, s := range SupportPackages {
		l.add(s)
	}
	// Most packages need nothing from the rest of their module: load that
	// only when the targets need inputs nothing loaded so far provides.
	targets, roots, err = l.load()
	if err != nil || mod == nil || wantModule == nil || !wantModule(targets, roots) {
		return targets, roots, l.fromExport, err
	}
	if !l.addModule(mod) {
		return targets, roots, l.fromExport, nil
	}
	targets, roots, err = l.load()
	return targets, roots, l.fromExport, err
}

// supportLoad is the state of one WithSupportCached: the import paths to
// load, in order, and which of them the patterns named.
type supportLoad struct {
	dir      string
	patterns []string
	cache    *FactCache
	isTarget map[string]bool
	all      map[string]bool
	paths    []string
	// fromExport says how the last load went (see WithSupportCached).
	fromExport bool
}

func (l *supportLoad) add(path string) {
	if !l.all[path] {
		l.all[path] = true
		l.paths = append(l.paths, path)
	}
}

// addModule adds the library packages of module mod not added yet, when
// the module has at most maxModulePackages, and reports whether it added
// any.
func (l *supportLoad) addModule(mod *packages.Module) bool {
	mods, err := packages.Load(&packages.Config{Mode: packages.NeedName, Dir: l.dir}, mod.Path+"/...")
	if err != nil || len(mods) > maxModulePackages {
		return false
	}
	more := false
	sort.Slice(mods, func(i, j int) bool { return mods[i].PkgPath < mods[j].PkgPath })
	for _, m := range mods {
		if m.Name != "main" && len(m.Errors) == 0 && !strings.Contains(m.PkgPath, "/testdata/") && !l.all[m.PkgPath] {
			l.add(m.PkgPath)
			more = true
		}
	}
	return more
}

// load loads l.paths and returns the targets among them and all of them,
// by import path.
func (l *supportLoad) load() (targets, roots []*packages.Package, err error) {
	var pkgs []*packages.Package
	if l.cache != nil && l.cache.Dir != "" {
		// The support packages (those no pattern named and the
		// module's own packages are not) need only their types and
		// facts: from export data and the cache, they cost neither
		// parsing nor type-checking nor analysis.
		var src, typesOnly []string
		for _, p := range l.paths {
			if !l.isTarget[p] && slices.Contains(SupportPackages, p) {
				typesOnly = append(typesOnly, p)
			} else {
				src = append(src, p)
			}
		}
		pkgs, l.fromExport, err = loadFromExport(l.dir, src, typesOnly, l.cache)
	}
	if !l.fromExport && err == nil {
		pkgs, err = packages.Load(&packages.Config{Mode: Mode, Dir: l.dir, Tests: false}, l.paths...)
	}
	if err != nil {
		return nil, nil, &Error{Pkg: strings.Join(l.patterns, " "), Msg: fmt.Sprintf("cannot load: %v", err)}
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
	for _, p := range pkgs {
		if l.isTarget[p.PkgPath] {
			targets = append(targets, p)
		}
	}
	if len(targets) == 0 {
		return nil, nil, &Error{Pkg: strings.Join(l.patterns, " "), Msg: "matched no packages"}
	}
	return targets, pkgs, nil
}

// PackagesCached loads the packages matched by patterns as Packages does,
// but, when cache holds the facts of all their dependencies, with the
// dependencies' types from export data and no syntax (see
// WithSupportCached); fromExport says which.
func PackagesCached(dir string, patterns []string, cache *FactCache) (pkgs []*packages.Package, fromExport bool, err error) {
	if cache != nil && cache.Dir != "" {
		if err := checkPaths(dir, patterns); err != nil {
			return nil, false, err
		}
		pkgs, fromExport, err = loadFromExport(dir, patterns, nil, cache)
		if fromExport && err == nil {
			sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
			return pkgs, true, nil
		}
	}
	pkgs, err = Packages(dir, patterns)
	return pkgs, false, err
}

// checkPaths reports a path pattern naming a directory that does not
// exist, which go/packages would otherwise describe less clearly.
func checkPaths(dir string, patterns []string) error {
	for _, p := range patterns {
		if isPathPattern(p) {
			path := p
			if !filepath.IsAbs(path) {
				path = filepath.Join(dir, p)
			}
			path = strings.TrimSuffix(path, "/...")
			if _, err := os.Stat(path); err != nil {
				return &Error{Pkg: p, Msg: "no such directory"}
			}
		}
	}
	return nil
}

func isPathPattern(p string) bool {
	return p == "." || p == ".." || strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") || filepath.IsAbs(p)
}

// ReleaseSyntax drops the syntax trees, type information and file set of
// pkgs and every package they import, except keep (whose syntax the
// executor's instrumentation still needs), so that the garbage collector
// can take them once the analysis is released too. The packages' types
// stay: the model is built from them.
func ReleaseSyntax(pkgs []*packages.Package, keep ...*packages.Package) {
	kept := map[*packages.Package]bool{}
	for _, k := range keep {
		kept[k] = true
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if !kept[p] {
			p.Syntax, p.TypesInfo, p.Fset = nil, nil, nil
		}
	})
}

// FileOf returns the file name of a position.
func FileOf(fset *token.FileSet, n ast.Node) string {
	return fset.Position(n.Pos()).Filename
}
