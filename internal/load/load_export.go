package load

import (
	"bufio"
	"fmt"
	"go/token"
	"go/types"
	"os"
	"slices"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// This file loads packages with their dependencies' types from the
// compiler's export data instead of from source, when the fact cache
// makes their syntax unnecessary (see WithSupportCached).

// metaMode is what the cache keys need of every package: files, imports,
// module; go list alone answers it, without parsing or type-checking. The
// export files are for packages loaded for their types only.
const metaMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedModule | packages.NeedEmbedFiles

// loadFromExport loads paths with syntax and types from source for the
// roots and from export data for their dependencies, when cache has an
// entry for every dependency; fromExport is false (and pkgs nil) when it
// does not. The dependencies are then packages with files, imports,
// module and types (the type-checker's, from export data, or an empty
// complete package when no root's types reach it: then nothing of it can
// be asked about) and no syntax, joined into one graph with the roots.
//
// typesOnly are further roots wanted for their types and facts alone (the
// support packages): they come from export data like dependencies, and
// need a cache entry like them. pkgs holds the source roots, then those.
//
// The cache is consulted on a listing that compiles nothing; export data,
// which the go command compiles every dependency for, is asked for only
// when the cache holds every entry. Listing and loading the roots at once
// compiled the whole dependency graph on every cold cache, twice side by
// side (two go commands), for a source load that reads none of it: on a
// cold build cache that was most of a large module's cold run.
func loadFromExport(dir string, paths, typesOnly []string, cache *FactCache) (pkgs []*packages.Package, fromExport bool, err error) {
	listing := append(slices.Clip(paths), typesOnly...)
	meta, err := loadPackages(&packages.Config{Mode: metaMode, Dir: dir, Tests: false}, listing...)
	if err != nil {
		return nil, false, nil // the source load reports it
	}
	all, extra, ok := listedGraph(meta, typesOnly)
	if !ok {
		return nil, false, nil // errors are the source load's to report, with types
	}
	// A types-only root that imports a source root (a standard-library
	// target that strings or bytes imports) would see that package's
	// export data where the target sees its source: two packages of one
	// path. Such runs load every root from source.
	var sources []*packages.Package
	for _, p := range meta {
		if !slices.Contains(extra, p) {
			sources = append(sources, p)
		}
	}
	if reachesAny(extra, sources) {
		return loadFromExport(dir, listing, nil, cache)
	}
	keys := cache.keys(all)
	for _, p := range all {
		if slices.Contains(sources, p) {
			continue
		}
		k, ok := keys[p]
		if !ok || !cache.has(k) {
			return nil, false, nil
		}
	}
	// Every entry is there: the roots from source with their
	// dependencies' types from export data, then the types-only roots'
	// export files, which the roots' load has put in the build cache
	// (one go command compiling at a time).
	roots, err := loadPackages(&packages.Config{Mode: Mode &^ packages.NeedDeps, Dir: dir, Tests: false}, paths...)
	if err != nil {
		return nil, false, nil
	}
	if len(typesOnly) > 0 {
		meta, err = loadPackages(&packages.Config{Mode: metaMode | packages.NeedExportFile, Dir: dir, Tests: false}, listing...)
		if err != nil {
			return nil, false, nil
		}
		if all, extra, ok = listedGraph(meta, typesOnly); !ok {
			return nil, false, nil
		}
	}
	byID, ok := exportGraph(roots, extra, all)
	if !ok {
		return nil, false, nil
	}
	pkgs = slices.Clip(roots)
	for _, e := range extra {
		pkgs = append(pkgs, byID[e.ID])
	}
	return pkgs, true, nil
}

// loadPackages is packages.Load; tests see through it which loads
// loadFromExport asks the go command for.
var loadPackages = packages.Load

// listedGraph returns every package of the listing meta, imports first,
// and the listed roots that typesOnly names; ok is false when a package
// of the graph has errors.
func listedGraph(meta []*packages.Package, typesOnly []string) (all, extra []*packages.Package, ok bool) {
	for _, p := range meta {
		if slices.Contains(typesOnly, p.PkgPath) {
			extra = append(extra, p)
		}
	}
	ok = true
	packages.Visit(meta, nil, func(p *packages.Package) {
		all = append(all, p)
		if len(p.Errors) > 0 {
			ok = false
		}
	})
	return all, extra, ok
}

// reachesAny reports whether a package of from imports, directly or not,
// a package with the import path of one of to.
func reachesAny(from, to []*packages.Package) bool {
	paths := map[string]bool{}
	for _, p := range to {
		paths[p.PkgPath] = true
	}
	for _, e := range from {
		reaches := false
		packages.Visit([]*packages.Package{e}, func(q *packages.Package) bool {
			if q != e && paths[q.PkgPath] {
				reaches = true
			}
			return !reaches
		}, nil)
		if reaches {
			return true
		}
	}
	return false
}

// exportGraph joins the source roots, the types-only roots extra and the
// rest of the listed graph all into one graph in one type universe: the
// roots as the source load gave them, every other package built from the
// listing with its types from export data, and the imports pointed at
// them. It returns the packages by ID; ok is false when a root did not
// type-check, export data could not be read, or an import is missing.
func exportGraph(roots, extra, all []*packages.Package) (byID map[string]*packages.Package, ok bool) {
	// The type universe the roots see, by path.
	universe := map[string]*types.Package{}
	var walk func(t *types.Package)
	walk = func(t *types.Package) {
		if t == nil || universe[t.Path()] != nil {
			return
		}
		universe[t.Path()] = t
		for _, imp := range t.Imports() {
			walk(imp)
		}
	}
	byID = map[string]*packages.Package{}
	for _, p := range roots {
		if len(p.Errors) > 0 || p.Types == nil {
			return nil, false
		}
		byID[p.ID] = p
		walk(p.Types)
	}
	// The types-only roots the source roots do not already import join
	// the same universe, so that a strings.Reader is one type for all.
	for _, e := range extra {
		if t := universe[e.PkgPath]; t != nil && t.Complete() {
			continue
		}
		t, err := readExport(roots[0].Fset, universe, e)
		if err != nil {
			return nil, false
		}
		walk(t)
	}
	var sizes types.Sizes
	if len(roots) > 0 {
		sizes = roots[0].TypesSizes
	}
	for _, m := range all {
		if byID[m.ID] != nil {
			continue
		}
		t := universe[m.PkgPath]
		if t == nil {
			t = types.NewPackage(m.PkgPath, m.Name)
			t.MarkComplete()
		}
		byID[m.ID] = &packages.Package{
			ID: m.ID, Name: m.Name, PkgPath: m.PkgPath,
			GoFiles: m.GoFiles, CompiledGoFiles: m.CompiledGoFiles, OtherFiles: m.OtherFiles,
			EmbedFiles: m.EmbedFiles, EmbedPatterns: m.EmbedPatterns, IgnoredFiles: m.IgnoredFiles,
			Module: m.Module, Types: t, TypesSizes: sizes,
		}
	}
	for _, m := range all {
		p := byID[m.ID]
		p.Imports = make(map[string]*packages.Package, len(m.Imports))
		for path, imp := range m.Imports {
			q := byID[imp.ID]
			if q == nil {
				return nil, false
			}
			p.Imports[path] = q
		}
	}
	return byID, true
}

// readExport reads the types of p from its export file into universe.
func readExport(fset *token.FileSet, universe map[string]*types.Package, p *packages.Package) (*types.Package, error) {
	if p.ExportFile == "" {
		return nil, fmt.Errorf("%s: no export data", p.PkgPath)
	}
	f, err := os.Open(p.ExportFile)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.PkgPath, err)
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("%s: reading export data: %w", p.PkgPath, err)
	}
	t, err := gcexportdata.Read(r, fset, universe, p.PkgPath)
	if err != nil {
		return nil, fmt.Errorf("%s: reading export data: %w", p.PkgPath, err)
	}
	return t, nil
}
