package generator

// The source side of updating an existing generated file (issue 35): the
// earlier file split into its top-level declarations, each kept or
// dropped whole and byte for byte, and the kept ones put back together
// with the new tests after them.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"sort"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/emit"
	"github.com/gentest-go/gentest/internal/load"
)

// oldDecl is one top-level declaration of the earlier file other than
// the imports.
type oldDecl struct {
	// name is what the declaration declares (its first name for a
	// group); owner is the receiver's type for a method, which is kept
	// or dropped with its type.
	name, owner string
	// names are all the top-level names it declares.
	names []string
	// test says it is a test function (Test* or Fuzz*) rather than a
	// helper.
	test bool
	// text is its source, doc comment included, exactly as written.
	text string
	// refs are the identifiers it uses: a helper is kept while a kept
	// declaration names it (over-approximated: a local variable named
	// like a helper keeps the helper too, which costs nothing).
	refs map[string]bool
}

// oldImport is one import of the earlier file.
type oldImport struct {
	name, path string
}

// oldFile is the earlier generated file, split.
type oldFile struct {
	// src is the file as it was.
	src []byte
	// prefix is everything before the first import or declaration: the
	// header, a build line, the package clause.
	prefix  string
	imports []oldImport
	decls   []*oldDecl
}

// isTestName says whether a top-level function name is one go test runs
// as a test or fuzz target.
func isTestName(name string) bool {
	return strings.HasPrefix(name, "Test") || strings.HasPrefix(name, "Fuzz")
}

// parseOld splits an earlier generated file; it fails on a file gentest
// did not write (no header) or one that does not parse.
func parseOld(src []byte) (*oldFile, error) {
	if !bytes.HasPrefix(src, []byte(emit.Header)) {
		return nil, fmt.Errorf("generator: keep: the file lacks gentest's header")
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "old.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("generator: keep: %w", err)
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	of := &oldFile{src: src, prefix: string(src)}
	if len(f.Decls) > 0 {
		of.prefix = string(src[:off(declStart(f.Decls[0]))])
	}
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		name := ""
		if is.Name != nil {
			name = is.Name.Name
		}
		of.imports = append(of.imports, oldImport{name: name, path: p})
	}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			continue
		}
		of.decls = append(of.decls, newOldDecl(d, src, off))
	}
	return of, nil
}

// newOldDecl describes one declaration of src.
func newOldDecl(d ast.Decl, src []byte, off func(token.Pos) int) *oldDecl {
	od := &oldDecl{refs: map[string]bool{}}
	start := declStart(d)
	switch d := d.(type) {
	case *ast.FuncDecl:
		od.name = d.Name.Name
		if d.Recv != nil && len(d.Recv.List) > 0 {
			od.owner = load.RecvTypeName(d.Recv.List[0].Type)
			od.name = od.owner + "." + d.Name.Name
		} else {
			od.names = []string{d.Name.Name}
			od.test = isTestName(d.Name.Name)
		}
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.ValueSpec:
				for _, n := range s.Names {
					od.names = append(od.names, n.Name)
				}
			case *ast.TypeSpec:
				od.names = append(od.names, s.Name.Name)
			}
		}
		if len(od.names) > 0 {
			od.name = od.names[0]
		}
	}
	od.text = string(src[off(start):off(d.End())])
	own := map[string]bool{}
	for _, n := range od.names {
		own[n] = true
	}
	ast.Inspect(d, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !own[id.Name] {
			od.refs[id.Name] = true
		}
		return true
	})
	if od.owner != "" {
		od.refs[od.owner] = true
	}
	return od
}

// declStart is where a declaration's text starts: at its doc comment.
func declStart(d ast.Decl) token.Pos {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Doc != nil {
			return d.Doc.Pos()
		}
	case *ast.GenDecl:
		if d.Doc != nil {
			return d.Doc.Pos()
		}
	}
	return d.Pos()
}

// closure returns the declarations to keep of those not dropped: every
// test, and the helpers a kept declaration names, transitively; a method
// goes with its type. In file order.
func closure(decls []*oldDecl, dropped map[*oldDecl]bool) []*oldDecl {
	byName := map[string]*oldDecl{}
	for _, d := range decls {
		for _, n := range d.names {
			byName[n] = d
		}
	}
	keep := map[*oldDecl]bool{}
	var work []*oldDecl
	for _, d := range decls {
		if d.test && !dropped[d] {
			keep[d] = true
			work = append(work, d)
		}
	}
	for len(work) > 0 {
		d := work[len(work)-1]
		work = work[:len(work)-1]
		// The refs in sorted order, so that the walk, though its result
		// is a set, is the same on every run.
		refs := make([]string, 0, len(d.refs))
		for r := range d.refs {
			refs = append(refs, r)
		}
		sort.Strings(refs)
		for _, r := range refs {
			if h := byName[r]; h != nil && !keep[h] && !dropped[h] {
				keep[h] = true
				work = append(work, h)
			}
		}
		// The methods of a kept type.
		for _, m := range decls {
			if m.owner != "" && !keep[m] && !dropped[m] && len(d.names) > 0 && m.owner == d.names[0] {
				keep[m] = true
				work = append(work, m)
			}
		}
	}
	var out []*oldDecl
	for _, d := range decls {
		if keep[d] {
			out = append(out, d)
		}
	}
	return out
}

// usedImports keeps the imports a declaration of decls names (by their
// local name, as emit names them), and blank and dot imports.
func usedImports(imports []oldImport, decls []*oldDecl) []oldImport {
	var out []oldImport
	for _, im := range imports {
		name := im.name
		if name == "" {
			name = importDefaultName(im.path)
		}
		used := name == "_" || name == "."
		for _, d := range decls {
			used = used || d.refs[name]
		}
		if used {
			out = append(out, im)
		}
	}
	return out
}

// importDefaultName is the name emit leaves an import unnamed for (the
// path's last element; emit names every other import), so it is the
// name the file refers to it by.
func importDefaultName(path string) string {
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		return path[i+1:]
	}
	return path
}

// isStdPath says whether an import path is the standard library's (no
// dot in its first element), as emit groups imports.
func isStdPath(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".")
}

// assemble renders a file from a prefix, imports and declaration texts,
// as emit renders one: standard imports first, then the others, each
// group sorted; the declarations in the order given.
func assemble(prefix string, imports []oldImport, decls []string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(prefix)
	var std, other []oldImport
	for _, im := range imports {
		if isStdPath(im.path) {
			std = append(std, im)
		} else {
			other = append(other, im)
		}
	}
	byPath := func(s []oldImport) {
		sort.Slice(s, func(i, j int) bool { return s[i].path < s[j].path })
	}
	byPath(std)
	byPath(other)
	b.WriteString("import (\n")
	for i, group := range [][]oldImport{std, other} {
		if i > 0 && len(std) > 0 && len(other) > 0 {
			b.WriteString("\n")
		}
		for _, im := range group {
			if im.name == "" {
				fmt.Fprintf(&b, "\t%q\n", im.path)
			} else {
				fmt.Fprintf(&b, "\t%s %q\n", im.name, im.path)
			}
		}
	}
	b.WriteString(")\n\n")
	for _, d := range decls {
		b.WriteString(d)
		b.WriteString("\n\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("generator: keep: formatting the merged file: %w", err)
	}
	return src, nil
}

// keptSource is the earlier file with only decls: the declarations in
// their order and words, the imports they use.
func (of *oldFile) keptSource(decls []*oldDecl) ([]byte, error) {
	texts := make([]string, len(decls))
	for i, d := range decls {
		texts[i] = d.text
	}
	return assemble(of.prefix, usedImports(of.imports, decls), texts)
}

// merge puts the kept declarations of the earlier file and the
// declarations of the new file (newSrc, rendered with the kept names
// reserved) together, in the order mergeOrder gives, with the imports of
// both; the new file's prefix (header, build line) wins, so that what its
// header records is the new run's.
func (of *oldFile) merge(kept []*oldDecl, newSrc []byte) ([]byte, error) {
	nf, err := parseOld(newSrc)
	if err != nil {
		return nil, err
	}
	imports := usedImports(of.imports, kept)
	have := map[string]string{}
	for _, im := range imports {
		have[im.path] = im.name
	}
	for _, im := range nf.imports {
		name, ok := have[im.path]
		if !ok {
			imports = append(imports, im)
			have[im.path] = im.name
			continue
		}
		if name != im.name {
			// One path under two names: both files' references cannot be
			// satisfied by one import.
			return nil, fmt.Errorf("generator: keep: %s is imported as %q by the kept tests and %q by the new ones", im.path, name, im.name)
		}
	}
	return assemble(mergePrefix(of.prefix, nf.prefix, true), imports, mergeOrder(of.decls, kept, nf.decls))
}

// mergePrefix is the prefix of a file holding the kept tests (under the
// earlier file's prefix old) and the tests a render put under fresh: the
// header and package clause are fresh's, so that what the header records
// is this run's; the build line is the one that admits both, the newer
// Go version of the two (emit's build lines name the Go version the tests
// need), or, with both, when neither is a plain version, their
// conjunction. withFresh says fresh's own build line counts (false for a
// render of no tests, whose build line says nothing).
func mergePrefix(old, fresh string, withFresh bool) string {
	_, ob, _ := prefixParts(old)
	fh, fb, frest := prefixParts(fresh)
	if !withFresh {
		fb = ""
	}
	build := ob
	switch {
	case ob == "" || ob == fb:
		build = fb
	case fb == "":
	case goVersionLine(ob) && goVersionLine(fb):
		if versionLess(ob, fb) {
			build = fb
		}
	default:
		build = ob + " && " + fb
	}
	if build == "" {
		return fh + frest
	}
	return fh + "//go:build " + build + "\n\n" + frest
}

// prefixParts splits a file's prefix into the text before its build line
// (the header and the blank line after it), the build line's expression
// ("" without one) and the rest, from the package clause on.
func prefixParts(p string) (header, build, rest string) {
	pkg := strings.Index(p, "\npackage ") + 1
	if pkg == 0 && !strings.HasPrefix(p, "package ") {
		return p, "", ""
	}
	header, rest = p[:pkg], p[pkg:]
	if i := strings.Index(header, "//go:build "); i >= 0 && (i == 0 || header[i-1] == '\n') {
		line, _, _ := strings.Cut(header[i+len("//go:build "):], "\n")
		return header[:i], strings.TrimSpace(line), rest
	}
	return header, "", rest
}

// goVersionLine says whether a build expression is one Go version
// ("go1.18").
func goVersionLine(b string) bool {
	_, ok := goMinor(b)
	return ok
}

// goMinor is the minor version of "go1.N".
func goMinor(b string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimPrefix(b, "go1."))
	return n, err == nil && strings.HasPrefix(b, "go1.")
}

// versionLess orders two "go1.N" build lines.
func versionLess(a, b string) bool {
	x, _ := goMinor(a)
	y, _ := goMinor(b)
	return x < y
}

// declAt returns the declaration of decls whose text spans line of src
// (1-based), found by parsing src; nil when no declaration does.
func declAt(src []byte, decls []*oldDecl, line int) *oldDecl {
	of, err := parseOld(src)
	if err != nil {
		return nil
	}
	lineOf := func(off int) int { return 1 + bytes.Count(src[:off], []byte("\n")) }
	pos := 0
	for _, d := range of.decls {
		i := bytes.Index(src[pos:], []byte(d.text))
		if i < 0 {
			continue
		}
		start := pos + i
		end := start + len(d.text)
		pos = end
		if line >= lineOf(start) && line <= lineOf(end) {
			for _, k := range decls {
				if k.name == d.name && k.text == d.text {
					return k
				}
			}
		}
	}
	return nil
}
