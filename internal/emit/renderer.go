package emit

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

type renderer struct {
	// fset holds the positions of the function literals the renderer
	// parses (parseFuncLit), and prints the declarations holding them.
	fset *token.FileSet
	// loopVar is the index variable of the loop a repeated statement's
	// call is written in (see loops.go), "" elsewhere.
	loopVar string
	// pkgNames are names of packages the file may import: never variable
	// names.
	pkgNames map[string]bool
	prog     *model.Program
	pkg      *types.Package
	pkgName  string
	imports  map[string]string // path -> name
	own      map[string]string // path -> name of the file's own imports (see ownNames)
	usesCmp  bool
	// shapesUsed says a type of the file spells a synthesized type
	// (model/reflectshapes.go), which the file then declares (shapes.go).
	shapesUsed bool
	// needGo is the newest Go version whose API or language features
	// the file uses ("go1.18"), for its build line (see need).
	needGo string
	// need64 says the file writes a word-sized integer (int, uint,
	// uintptr) that does not fit in 32 bits: it builds on 64-bit
	// platforms only (see wordInt).
	need64 bool
	opts   Options
	// errAPI says the package exports sentinel errors or error types:
	// its errors are checked with errors.Is and errors.As, never by
	// message.
	errAPI bool
	// sentinels are the error variables errors may match (Program.Sentinels).
	sentinels []*types.Var
	// names is the namer of the case body being rendered.
	names *namer
	// inl holds, for the case body being rendered, the expressions of
	// results written where they are used instead of in a variable (a
	// function literal passed once; composite literals, composite.go).
	inl map[seq.ValueID]ast.Expr
	// enums maps a named basic type and a value (constant.Value's exact
	// text) to the constant that names it, for want values.
	enums map[*types.TypeName]map[string]*types.Const
	// blocks holds text that replaces placeholder identifiers after
	// printing: go/printer puts a composite literal without positions on
	// one line, so tables are laid out as text.
	blocks map[string]string
	// fuzzTargets counts the fuzz targets written so far (maxFuzzTargets).
	fuzzTargets int
}

func newRenderer(prog *model.Program, opts Options) *renderer {
	r := &renderer{fset: token.NewFileSet(), prog: prog, pkg: prog.Pkg, pkgName: prog.Pkg.Name(), imports: map[string]string{}, opts: opts,
		blocks: map[string]string{}, own: ownNames(prog.Pkg.Name())}
	r.imports[prog.Pkg.Path()] = r.pkgName
	r.enums = enumConsts(prog.Fset, prog.Pkg)
	r.sentinels = prog.Sentinels()
	// Only the package's own sentinels and types make messages moot.
	own := 0
	for _, v := range r.sentinels {
		if v.Pkg() == prog.Pkg {
			own++
		}
	}
	r.errAPI = own > 0 || len(errorTypes(prog.Pkg)) > 0
	r.pkgNames = programPackageNames(prog)
	return r
}

// programPackageNames returns the names of every package the program's
// operations and types mention: any of them may be imported by the file,
// so no variable may take one of those names (a time.Time called time
// would hide package time).
func programPackageNames(prog *model.Program) map[string]bool {
	names := map[string]bool{}
	note := func(t types.Type) bool {
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil {
			names[n.Obj().Pkg().Name()] = true
		}
		return true
	}
	for _, op := range prog.Ops {
		if op.Func != nil && op.Func.Pkg() != nil {
			names[op.Func.Pkg().Name()] = true
		}
		for _, p := range op.Params {
			model.Walk(p.Type, note)
		}
		for _, t := range op.Results {
			model.Walk(t, note)
		}
	}
	return names
}

// printDecl prints one declaration, with any comment lines in doc.
func (r *renderer) printDecl(d ast.Decl, doc ...string) (string, error) {
	var b bytes.Buffer
	for _, line := range doc {
		b.WriteString("// " + line + "\n")
	}
	parenHeaderLits(d)
	if err := printer.Fprint(&b, r.fset, d); err != nil {
		return "", err
	}
	s := b.String()
	for k, v := range r.blocks {
		s = strings.ReplaceAll(s, k, v)
	}
	return s, nil
}

func (r *renderer) file(decls []string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(Header + "\n\n")
	if line := r.buildLine(); line != "" {
		fmt.Fprintf(&b, "//go:build %s\n\n", line)
	}
	fmt.Fprintf(&b, "package %s_test\n\n", r.pkgName)
	// Before the imports: the declarations may import what their fields
	// need.
	shapes := r.shapeDecls()
	used := qualifiers(append(shapes, decls...))
	// Standard library first, then the rest, as goimports groups them.
	var std, other []string
	for p := range r.imports {
		if used != nil && !used[r.imports[p]] {
			continue
		}
		if isStd(p) {
			std = append(std, p)
		} else {
			other = append(other, p)
		}
	}
	sort.Strings(std)
	sort.Strings(other)
	b.WriteString("import (\n")
	for i, group := range [][]string{std, other} {
		if i > 0 && len(std) > 0 && len(other) > 0 {
			b.WriteString("\n")
		}
		for _, p := range group {
			name := r.imports[p]
			if name == defaultName(p) {
				fmt.Fprintf(&b, "\t%q\n", p)
			} else {
				fmt.Fprintf(&b, "\t%s %q\n", name, p)
			}
		}
	}
	b.WriteString(")\n\n")
	for _, d := range append(shapes, decls...) {
		b.WriteString(d)
		b.WriteString("\n\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return b.Bytes(), fmt.Errorf("formatting generated tests: %w", err)
	}
	return src, nil
}

// qualifiers returns the identifiers the declarations qualify a name
// with (the X of each selector x.Sel whose X is an identifier): every
// use of an import is one. An import recorded while rendering something
// the file does not hold is left out of the file by it: one such import
// fails the whole file's build ("github.com/pion/dtls/v2/pkg/crypto/
// elliptic" imported and not used in pion/dtls's handshake at -execs
// 20000, x/net/html's "atom" in the bug benchmark, issue 32), and
// verification's bisection then drops the tests it blames one by one,
// eight of 35 on dtls, minutes under load. The checkpoints (probe,
// checkpoint) keep most such imports out; this keeps any they miss out
// of the file. A local name that shadows an import keeps it, as before.
// nil when the declarations do not parse: the file keeps every import,
// and the build says what is wrong.
func qualifiers(decls []string) map[string]bool {
	src := "package p\n\n" + strings.Join(decls, "\n\n")
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	return used
}

// probe runs f, which tries rendering something, without keeping the
// imports and Go versions it records.
func (r *renderer) probe(f func()) {
	undo := r.checkpoint()
	f()
	undo()
}

// checkpoint returns a function that puts back the imports and Go
// versions recorded so far: what a declaration left out recorded must
// not stay in the file ("maps" imported and not used).
func (r *renderer) checkpoint() func() {
	saved := make(map[string]string, len(r.imports))
	for k, v := range r.imports {
		saved[k] = v
	}
	usedCmp, needGo, need64, shapes := r.usesCmp, r.needGo, r.need64, r.shapesUsed
	return func() {
		r.imports = saved
		r.usesCmp, r.needGo, r.need64, r.shapesUsed = usedCmp, needGo, need64, shapes
	}
}
