// Package instrument rewrites the sources of a type-checked package so that
// running it records statement coverage, branch outcomes and branch
// distances into the executor runtime (internal/harness/rt, package rt,
// imported by the instrumented files as gentestrt_).
//
// Blocks follow `go tool cover`: a block is a maximal straight-line run of
// statements, and a probe gentestrt_.Blk(id) is inserted at its start.
//
// Conditions are the condition of every if and for statement, each operand
// of && and || (anywhere, keeping short-circuit evaluation), each case
// expression of expression switches and each clause of type switches. A
// condition c has branches 2c (true) and 2c+1 (false). Comparisons of
// integers, floats and strings are rewritten to gentestrt_.CmpI/CmpU/CmpF/CmpS
// calls that also record branch distances (len(x) comparisons included:
// they are int comparisons); so are conditions that call the strings and
// bytes functions HasPrefix, HasSuffix, Contains, ContainsAny, ContainsRune,
// EqualFold and bytes.Equal, and comparisons of their Index, LastIndex,
// IndexAny, LastIndexAny, IndexByte, LastIndexByte and IndexRune functions
// with a constant that tells found from not found (see strfn.go). All
// other conditions go through gentestrt_.Br, which records the outcome only
// (x == nil, err != nil, errors.Is, boolean variables and calls). A negation
// !x is instrumented as x. An if or for condition that is itself && or || is
// not a condition of its own: its operands are, as in compiled code, where
// each operand is a separate jump. Distance conditions name their operator
// and operands in the table (Cond.Op, Cond.Operands), in the order the
// runtime's operand recording reports their values.
//
// With Options.Mutate the sources also carry every mutant of the package
// as a schema over the runtime's mutant probes, listed in Table.Mutants
// (see mutate.go).
//
// IDs are deterministic: files are taken in the order of their names,
// and within a file blocks and conditions are numbered in the order the
// instrumenter walks the syntax, which is source order except that the
// clauses of a type switch are numbered before the conditions in their
// bodies. Adding code to one function shifts the IDs of everything after
// it, so IDs are stable for one version of the sources only.
//
// Each condition and block carries its control dependence (Deps): the
// branches of other conditions that decide whether it runs, for goal
// selection as in DynaMOSA (see internal/ssautil/ctrldep).
//
// Tag switches are rewritten to tagless ones so that each case comparison
// can be observed, with the tag evaluated once into a fresh variable:
//
//	switch init; tag { case a, b: ...       becomes
//	{ init; switch gentestrt_tag1 := tag; { case Cmp(.., tag1, a) || Cmp(.., tag1, b): ... } }
//
// (without the outer block when there is no init statement).
//
// What is not instrumented, and why:
//   - constant expressions (they must stay constant: array lengths, const
//     declarations, case values of the switch tag);
//   - && or || operands and comparisons whose value has a named boolean
//     type outside if/for/case conditions, since the probe returns bool;
//   - comparisons whose operands have type-parameter type (outcome only),
//     and comparisons involving a non-constant shift of an untyped constant,
//     whose type depends on context (outcome only);
//   - tag switches with a constant tag, and labelled tag switches with an
//     init statement whose label is a goto target (the rewrite would have to
//     move the label into a new block): their cases get block probes only;
//   - functions named _ (they cannot run).
//
// The instrumented code compiles with any Go version since 1.9 (type
// aliases) and preserves evaluation order: a comparison f() < g() becomes
// gentestrt_.CmpI(id, op, gentestrt_.Int64(f()), gentestrt_.Int64(g())),
// which calls f then g once each. Untyped constant operands are converted to
// the carrier type (int64, uint64, float64, string) of the other operand's
// kind, which is exact since the constant is representable in that operand's
// type; float32 constants are written as the float32-rounded literal so that
// comparing in float64 gives the same result.
package instrument

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"sort"
	"strconv"
	"strings"
)

// ImportName is the name under which instrumented files import the runtime.
// The package under test must not declare identifiers starting with it.
const ImportName = "gentestrt_"

// Condition kinds.
const (
	KindIf       = "if"       // condition of an if statement
	KindFor      = "for"      // condition of a for statement
	KindCase     = "case"     // one expression of a case clause of an expression switch
	KindTypeCase = "typecase" // one clause of a type switch (true when taken)
	KindAnd      = "&&"       // an operand of &&
	KindOr       = "||"       // an operand of ||
)

// Table describes all probes of an instrumented package. Block i has ID i
// and condition i has ID i; the runtime must be sized with
// Init(len(Blocks), len(Conds)).
type Table struct {
	Blocks []Block
	Conds  []Cond
	// Mutants are the mutants compiled in with Options.Mutate, Mutants[i]
	// having ID i+1; the runtime must then also be sized with
	// InitMutants(len(Mutants), MutantConds()).
	Mutants []Mutant
}

// Block is a statement-coverage probe: a maximal straight-line run of
// statements. Positions are 1-based, in the real file (//line directives are
// not applied), the end being exclusive as in cover profiles.
type Block struct {
	ID                  int
	File                string // absolute file name
	Func                string // enclosing function: F, T.M, (*T).M, F.func1, glob..func1
	StartLine, StartCol int
	EndLine, EndCol     int
	NumStmt             int
	Deps
	// Unsteady: whether it runs may differ between two runs of the same
	// sequence, since it depends on a nondeterministic source, and when
	// (see nondet.go). The search does not learn from it then.
	Unsteady Steadiness
	// Roots are the Nondet conditions it is Unsteady through (IDs,
	// ascending): while none of them has been seen to take both
	// outcomes, the clock has not changed whether it runs.
	Roots []int
}

// Cond is a condition probe with branches 2*ID (true) and 2*ID+1 (false).
type Cond struct {
	ID       int
	File     string
	Func     string
	Line     int
	Col      int
	Kind     string // one of the Kind constants
	Text     string // source text, shortened
	Distance bool   // a comparison recording real branch distances, not outcome only
	// Op is set for Distance conditions: the comparison operator ("==",
	// "!=", "<", "<=", ">", ">="; a tag switch case is "=="), or the string
	// function ("strings.HasPrefix", "bytes.Equal", ...), or for an index
	// function compared so as to tell found from not found, the function
	// and the test: "strings.Index>=0" (true when found) or
	// "strings.Index<0" (true when not found).
	Op string
	// Operands are the left and right operand of Op, for Distance
	// conditions: the function's two arguments for string functions, the
	// tag and the case value for switch cases. They are the values the
	// runtime's operand recording reports, in this order.
	Operands [2]Operand
	// Deps: the evaluation of the condition, both its branches, depends on
	// these.
	Deps
	// Nondet: its operands may carry a value from a nondeterministic
	// source such as the clock, and which kind (see nondet.go). Unsteady:
	// it is Nondet, or whether it is evaluated at all depends on such a
	// source; the search does not learn from its outcomes or distances
	// then.
	Nondet, Unsteady Steadiness
	// Roots are the Nondet conditions it is Unsteady through (IDs,
	// ascending; its own when it is Nondet), as Block.Roots.
	Roots []int
}

// Operand describes one operand of a Distance condition.
type Operand struct {
	Text  string // source text, shortened
	Const bool   // a constant expression
	// Len is set for len(x): the operand changes with x's length, not by
	// replacing x.
	Len bool
}

// Deps is the control dependence of a condition or block within its
// function (closures and package initialisers being functions of their
// own), computed on a control-flow graph of the source in which each
// condition is a two-way branch: the operands of && and || short-circuit
// (the right operand of a && b depends on a's true branch), switch cases
// are tested in order, type switch clauses form one multi-way branch whose
// conditions are all evaluated together, and panic, os.Exit, log.Fatal*,
// log.Panic* and runtime.Goexit end the function. Panics of other calls
// and run-time errors are not modelled: code after a call is taken to run
// whenever the call does.
type Deps struct {
	// Parents are the branch IDs (2c for condition c's true branch, 2c+1
	// for its false branch) whose taking decides that this runs: it is
	// control dependent on them. Dependences on branches that are not
	// conditions (range and select, tag switches left uninstrumented) are
	// replaced by the parents of those branches. Inside loops a condition
	// may depend on its own branches. Ascending, no duplicates.
	Parents []int
	// Root is set when this runs on every call of the function that reaches
	// the function's end (it post-dominates the entry) or, through
	// non-condition branches only, whenever such code runs: it needs no
	// branch to be covered first, whatever Parents says. Code that cannot
	// run (after a return) has neither Root nor Parents.
	Root bool
}

// Package instruments every file of a type-checked package (files as from
// golang.org/x/tools/go/packages with syntax, types and type info) and
// returns the instrumented source by absolute file name, with the table of
// all probes. rtImport is the import path of the runtime package
// (package rt). Files named *_test.go are skipped; a file with no probes is
// returned unchanged. Sources are read from disk and must match the syntax
// trees. The syntax trees are not modified.
func Package(fset *token.FileSet, files []*ast.File, info *types.Info, pkg *types.Package, rtImport string) (map[string][]byte, *Table, error) {
	return PackageWith(fset, files, info, pkg, rtImport, Options{})
}

// PackageWith is Package with options: with Options.Nondet, the table
// marks the probes that depend on nondeterministic sources (Cond.Nondet,
// Cond.Unsteady, Block.Unsteady).
func PackageWith(fset *token.FileSet, files []*ast.File, info *types.Info, pkg *types.Package, rtImport string, opts Options) (map[string][]byte, *Table, error) {
	if info == nil || info.Types == nil {
		return nil, nil, fmt.Errorf("instrument: package %s has no type information", pkgPath(pkg))
	}
	for id := range info.Defs {
		if strings.HasPrefix(id.Name, ImportName) {
			return nil, nil, fmt.Errorf("instrument: %s: identifier %s collides with the instrumentation's names", fset.Position(id.Pos()), id.Name)
		}
	}
	type named struct {
		name string
		f    *ast.File
	}
	var list []named
	for _, f := range files {
		tf := fset.File(f.Pos())
		if tf == nil {
			return nil, nil, fmt.Errorf("instrument: file of package %s not in the file set", pkgPath(pkg))
		}
		if strings.HasSuffix(tf.Name(), "_test.go") {
			continue
		}
		list = append(list, named{tf.Name(), f})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].name < list[j].name })

	p := &pkgInst{fset: fset, info: info, pkg: pkg, table: &Table{}, mutate: opts.Mutate, noMutants: map[string]bool{}}
	for _, name := range opts.NoMutants {
		p.noMutants[name] = true
	}
	if opts.Nondet != nil {
		syntax := make([]*ast.File, len(list))
		for i, n := range list {
			syntax[i] = n.f
		}
		p.taint = newTaint(info, pkg, syntax, opts.Nondet)
	}
	out := make(map[string][]byte, len(list))
	for _, n := range list {
		src, err := os.ReadFile(n.name)
		if err != nil {
			return nil, nil, fmt.Errorf("instrument: %w", err)
		}
		res, err := p.file(n.name, n.f, src, rtImport)
		if err != nil {
			return nil, nil, fmt.Errorf("instrument %s: %w", n.name, err)
		}
		out[n.name] = res
	}
	if p.taint != nil {
		p.taint.markUnsteady(fset, p.table)
	}
	return out, p.table, nil
}

func pkgPath(pkg *types.Package) string {
	if pkg == nil {
		return "?"
	}
	return pkg.Path()
}

// pkgInst is the package-wide state: ids are dense across files.
type pkgInst struct {
	fset  *token.FileSet
	info  *types.Info
	table *Table
	taint *taint // nil without Options.Nondet
	pkg   *types.Package
	// mutate: Options.Mutate; noMutants: Options.NoMutants.
	mutate    bool
	noMutants map[string]bool
}

func (p *pkgInst) file(name string, f *ast.File, src []byte, rtImport string) ([]byte, error) {
	tf := p.fset.File(f.Pos())
	if tf.Size() != len(src) {
		return nil, fmt.Errorf("source changed since it was parsed (%d bytes, parsed %d)", len(src), tf.Size())
	}
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		if path == "C" {
			return nil, fmt.Errorf("cgo files are not supported")
		}
		if imp.Name != nil && imp.Name.Name == ImportName {
			return nil, fmt.Errorf("import name %s is taken", ImportName)
		}
	}
	fi := &fileInst{
		p:           p,
		tf:          tf,
		name:        name,
		src:         src,
		fn:          "glob.",
		litN:        map[string]int{},
		gotoLabels:  map[string]bool{},
		switchLabel: map[*ast.SwitchStmt]*ast.LabeledStmt{},
		condOf:      map[ast.Node]int{},
		anchorStmt:  map[ast.Stmt]int{},
		anchorEmpty: map[ast.Node]int{},
		m:           newMutState(p.mutate && !p.noMutants[name], f, p.info),
	}
	firstBlock, firstCond := len(p.table.Blocks), len(p.table.Conds)
	ast.Inspect(f, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.GOTO && b.Label != nil {
			fi.gotoLabels[b.Label.Name] = true
		}
		return true
	})
	for _, d := range f.Decls {
		ast.Walk(fi, d)
	}
	if fi.err != nil {
		return nil, fi.err
	}
	fi.ctrlDeps(f, firstBlock, firstCond)
	if fi.err != nil {
		return nil, fi.err
	}
	if fi.probes == 0 {
		return src, nil
	}
	// On the package line, so that no line moves. An explicit semicolon
	// after the package clause must stay first: ";;" does not parse.
	imp := "import " + ImportName + " " + strconv.Quote(rtImport)
	if o := tf.Offset(f.Name.End()); o < len(src) && src[o] == ';' {
		fi.buf.add(o+1, o+1, " "+imp+";", classStmt)
	} else {
		fi.insert(f.Name.End(), "; "+imp, classStmt)
	}
	res, err := fi.buf.apply(src)
	if err != nil {
		return nil, err
	}
	if _, err := parser.ParseFile(token.NewFileSet(), name, res, parser.SkipObjectResolution); err != nil {
		return nil, fmt.Errorf("internal error: instrumented source does not parse: %w", err)
	}
	return res, nil
}
