package constpool

import (
	"cmp"
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/gentest-go/gentest/internal/analysisdoc"
	"github.com/gentest-go/gentest/internal/srcpos"
)

// doc is the package documentation, the one source of Analyzer.Doc.
//
//go:embed doc.go
var doc string

// Analyzer mines constants; see the package documentation.
var Analyzer = &analysis.Analyzer{
	Name:       "constpool",
	Doc:        analysisdoc.MustExtract(doc, "constpool"),
	URL:        "https://pkg.go.dev/github.com/gentest-go/gentest/analyzers/constpool",
	Run:        run,
	Requires:   []*analysis.Analyzer{buildssa.Analyzer},
	FactTypes:  []analysis.Fact{new(FuncConsts), new(PackageConsts)},
	ResultType: reflect.TypeFor[*PackageConsts](),
}

// MaxStringLen bounds the length of string constants kept in pools: longer
// strings (templates, embedded data) are rarely what a branch compares with
// and would bloat the facts of every importer's build.
const MaxStringLen = 512

// stringFuncs are the strings and bytes functions whose constant arguments
// describe what the input must contain, start or end with.
var stringFuncs = map[string]bool{
	"HasPrefix": true, "HasSuffix": true, "Contains": true, "ContainsAny": true,
	"ContainsRune": true, "Index": true, "IndexAny": true, "IndexByte": true,
	"IndexRune": true, "LastIndex": true, "LastIndexAny": true, "LastIndexByte": true,
	"EqualFold": true, "Cut": true, "CutPrefix": true, "CutSuffix": true,
	"TrimPrefix": true, "TrimSuffix": true, "Split": true, "SplitN": true,
	"SplitAfter": true, "SplitAfterN": true, "Count": true, "Equal": true,
}

func run(pass *analysis.Pass) (any, error) {
	ssainfo := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
	c := &collector{pass: pass, enums: packageEnums(pass.Fset, pass.Pkg), tails: tableTails(pass.Files)}

	// Function bodies, with their literals folded into the declared
	// function that contains them.
	pools := make(map[*types.Func]*pool)
	var order []*types.Func // source order, so facts are exported deterministically
	pkgPool := newPool()
	for _, fn := range ssainfo.SrcFuncs {
		owner := ownerFunc(fn)
		p := pkgPool
		if owner != nil && !isInitFunc(owner) {
			if p = pools[owner]; p == nil {
				p = newPool()
				pools[owner] = p
				order = append(order, owner)
			}
		}
		c.scanFunction(p, fn)
	}
	// Package-level variable initializers live in the synthetic package
	// initializer, which is not a source function.
	if init := ssainfo.Pkg.Func("init"); init != nil {
		var scan func(fn *ssa.Function)
		scan = func(fn *ssa.Function) {
			c.scanFunction(pkgPool, fn)
			for _, anon := range fn.AnonFuncs {
				scan(anon)
			}
		}
		scan(init)
	}
	c.markSwitches(pools, pkgPool)

	var all [][]Const
	for _, fn := range order {
		consts := pools[fn].consts()
		all = append(all, consts)
		if len(consts) > 0 {
			pass.ExportObjectFact(fn, &FuncConsts{Consts: consts})
		}
	}
	all = append(all, pkgPool.consts(), c.declared())
	fact := &PackageConsts{Consts: Merge(all...), Enums: c.enums}
	// Importers see the constants that say something about the package's
	// inputs (declared, compared, switch cases, string arguments, lengths)
	// and its enums; plain literals stay in the result and the function
	// facts. Every importer decodes every dependency's fact, and the
	// literals are most of its size (unicode's tables, say).
	pass.ExportPackageFact(&PackageConsts{Consts: informative(fact.Consts), Enums: fact.Enums})
	return fact, nil
}

// informative keeps the constants with more than a literal origin.
func informative(cs []Const) []Const {
	var out []Const
	for _, c := range cs {
		if c.Origin&^Literal != 0 {
			out = append(out, c)
		}
	}
	return out
}

// isInitFunc reports whether fn is a package init function, which has no
// fact of its own: its constants belong to the package pool.
func isInitFunc(fn *types.Func) bool {
	return fn.Name() == "init" && fn.Signature().Recv() == nil
}

// ownerFunc returns the declared function or method whose body contains
// fn, or nil for synthetic functions.
func ownerFunc(fn *ssa.Function) *types.Func {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	obj, _ := fn.Object().(*types.Func)
	return obj
}

// pool accumulates the constants of one function or package.
type pool struct {
	byKey map[string]*Const
	order []*Const
}

func newPool() *pool { return &pool{byKey: make(map[string]*Const)} }

// add records one use of c, creating its entry if needed, and returns it.
func (p *pool) add(c Const, count int) *Const {
	k := c.key()
	e, ok := p.byKey[k]
	if !ok {
		e = &c
		p.byKey[k] = e
		p.order = append(p.order, e)
	}
	e.Count += count
	return e
}

func (p *pool) consts() []Const {
	out := make([]Const, 0, len(p.order))
	for _, c := range p.order {
		out = append(out, *c)
	}
	return Merge(out) // sorts and normalizes
}

type collector struct {
	pass  *analysis.Pass
	enums []Enum         // of this package
	tails [][2]token.Pos // see tableTails
	// imported caches enums of other packages by type name.
	imported map[string]*Enum
}

// scanFunction adds the constants of fn's body to p.
func (c *collector) scanFunction(p *pool, fn *ssa.Function) {
	// Package initializers build lookup tables (unicode's are thousands of
	// entries) whose elements are data rather than values branches test.
	initializer := fn.Synthetic == "package initializer"
	var operands []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.DebugRef); ok {
				continue
			}
			if initializer && c.inTableTail(instr) {
				continue
			}
			operands = instr.Operands(operands[:0])
			for _, op := range operands {
				if k, ok := (*op).(*ssa.Const); ok {
					if e := c.constOf(k); e != nil {
						p.add(*e, 1).Origin |= Literal
					}
				}
			}
			switch instr := instr.(type) {
			case *ssa.BinOp:
				c.comparison(p, instr)
			case *ssa.Call:
				c.stringCall(p, instr)
			}
		}
	}
}

// maxTableIndex bounds the elements of package-level composite literals
// that are mined: small tables (valid names, keywords) are kept whole, large
// ones (unicode's range tables) contribute only their first elements.
const maxTableIndex = 16

// tableTails returns the sorted, disjoint source ranges of the elements
// past maxTableIndex of composite literals in package-level variable
// initializers.
func tableTails(files []*ast.File) [][2]token.Pos {
	var spans [][2]token.Pos
	for _, file := range files {
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			ast.Inspect(gd, func(n ast.Node) bool {
				if lit, ok := n.(*ast.CompositeLit); ok && len(lit.Elts) > maxTableIndex {
					spans = append(spans, [2]token.Pos{lit.Elts[maxTableIndex].Pos(), lit.Elts[len(lit.Elts)-1].End()})
				}
				return true
			})
		}
	}
	slices.SortFunc(spans, func(a, b [2]token.Pos) int { return cmp.Compare(a[0], b[0]) })
	var merged [][2]token.Pos
	for _, s := range spans {
		if n := len(merged); n > 0 && s[0] <= merged[n-1][1] {
			merged[n-1][1] = max(merged[n-1][1], s[1])
			continue
		}
		merged = append(merged, s)
	}
	return merged
}

// inTableTail reports whether instr builds an element past maxTableIndex
// of a package-level composite literal: the stores of its values by their
// position, the element addressing by its constant index.
func (c *collector) inTableTail(instr ssa.Instruction) bool {
	if ia, ok := instr.(*ssa.IndexAddr); ok {
		if k, ok := ia.Index.(*ssa.Const); ok && k.Value != nil {
			i, ok := constant.Int64Val(k.Value)
			return ok && i >= maxTableIndex
		}
		return false
	}
	pos := instr.Pos()
	i, _ := slices.BinarySearchFunc(c.tails, pos, func(s [2]token.Pos, p token.Pos) int {
		return cmp.Compare(s[0], p)
	})
	// c.tails[i-1] is the last span starting at or before pos.
	if i < len(c.tails) && c.tails[i][0] == pos {
		return true
	}
	return i > 0 && pos < c.tails[i-1][1]
}

// comparison records the operator of a comparison with a constant.
func (c *collector) comparison(p *pool, bin *ssa.BinOp) {
	op := bin.Op
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return
	}
	other, k := bin.X, bin.Y
	if _, ok := k.(*ssa.Const); !ok {
		other, k = bin.Y, bin.X
		op = flip(op)
	}
	kc, ok := k.(*ssa.Const)
	if !ok {
		return
	}
	e := c.constOf(kc)
	if e == nil {
		return
	}
	e = p.add(*e, 0)
	if isLenCall(other) {
		e.Origin |= Length
		e.LenOps = union(e.LenOps, []string{op.String()})
	} else {
		e.Origin |= Compared
		e.Ops = union(e.Ops, []string{op.String()})
	}
}

// flip mirrors a comparison so that its operands can be swapped.
func flip(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.LEQ:
		return token.GEQ
	case token.GTR:
		return token.LSS
	case token.GEQ:
		return token.LEQ
	}
	return op
}

func isLenCall(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	b, ok := call.Call.Value.(*ssa.Builtin)
	return ok && b.Name() == "len"
}

// stringCall records constant arguments of strings/bytes search functions.
func (c *collector) stringCall(p *pool, call *ssa.Call) {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Signature.Recv() != nil {
		return
	}
	path := callee.Pkg.Pkg.Path()
	if (path != "strings" && path != "bytes") || !stringFuncs[callee.Name()] {
		return
	}
	name := path + "." + callee.Name()
	for _, arg := range call.Call.Args {
		// bytes functions take []byte("..."): look through the conversion.
		if conv, ok := arg.(*ssa.Convert); ok {
			arg = conv.X
		}
		k, ok := arg.(*ssa.Const)
		if !ok {
			continue
		}
		if e := c.constOf(k); e != nil {
			e = p.add(*e, 0)
			e.Origin |= StringArg
			e.Funcs = union(e.Funcs, []string{name})
		}
	}
}

// constOf describes an SSA constant, or returns nil for nil/zero values of
// non-basic types and for overlong strings.
func (c *collector) constOf(k *ssa.Const) *Const {
	if k.Value == nil {
		return nil
	}
	e := describe(k.Value, k.Type())
	if e == nil {
		return nil
	}
	if named, ok := types.Unalias(k.Type()).(*types.Named); ok {
		if enum := c.enumOf(named); enum != nil {
			e.Name = enum.NameOf(e.Value)
		}
	}
	return e
}

// describe turns a constant value of type t into a Const without uses.
func describe(v constant.Value, t types.Type) *Const {
	var kind string
	basic, _ := types.Unalias(t).Underlying().(*types.Basic)
	if basic == nil {
		// Type parameters and interfaces: use the constant's default type.
		basic = defaultType(v)
		if basic == nil {
			return nil
		}
		t = basic
	}
	info := basic.Info()
	switch {
	case info&types.IsBoolean != 0:
		kind = KindBool
	case info&types.IsString != 0:
		kind = KindString
	case basic.Kind() == types.Int32 && types.Unalias(t) == types.Universe.Lookup("rune").Type():
		kind = KindRune
	case info&types.IsUnsigned != 0:
		kind = KindUint
	case info&types.IsInteger != 0:
		kind = KindInt
	case info&types.IsFloat != 0:
		kind = KindFloat
	case info&types.IsComplex != 0:
		kind = KindComplex
	default:
		return nil
	}
	if kind == KindString && len(constant.StringVal(v)) > MaxStringLen {
		return nil
	}
	if basic.Info()&types.IsUntyped != 0 {
		if d := defaultType(v); d != nil {
			t = d
		}
	}
	return &Const{
		Kind:  kind,
		Value: literal(v, kind, basic),
		Type:  types.TypeString(t, nil),
	}
}

func defaultType(v constant.Value) *types.Basic {
	switch v.Kind() {
	case constant.Bool:
		return types.Typ[types.Bool]
	case constant.String:
		return types.Typ[types.String]
	case constant.Int:
		return types.Typ[types.Int]
	case constant.Float:
		return types.Typ[types.Float64]
	case constant.Complex:
		return types.Typ[types.Complex128]
	}
	return nil
}

// literal formats v as a Go literal of the given kind.
func literal(v constant.Value, kind string, basic *types.Basic) string {
	switch kind {
	case KindRune:
		if r, ok := constant.Int64Val(v); ok && r >= 0 && r <= math.MaxInt32 {
			return strconv.QuoteRune(rune(r))
		}
	case KindFloat:
		return formatFloat(v, basic)
	case KindComplex:
		re := formatFloat(constant.Real(v), basic)
		im := formatFloat(constant.Imag(v), basic)
		if im[0] != '-' {
			im = "+" + im
		}
		return "(" + re + im + "i)"
	}
	return v.ExactString()
}

func formatFloat(v constant.Value, basic *types.Basic) string {
	bits := 64
	if basic.Kind() == types.Float32 || basic.Kind() == types.Complex64 {
		bits = 32
	}
	f, _ := constant.Float64Val(constant.ToFloat(v))
	return strconv.FormatFloat(f, 'g', -1, bits)
}

// packageEnums lists the defined types with basic underlying types that
// have constants declared in pkg, with those constants in declaration
// order. Types of other packages count: const Timeout time.Duration = 5
// adds to time.Duration's constants.
func packageEnums(fset *token.FileSet, pkg *types.Package) []Enum {
	var consts []*types.Const
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if k, ok := scope.Lookup(name).(*types.Const); ok {
			if _, ok := types.Unalias(k.Type()).(*types.Named); ok {
				consts = append(consts, k)
			}
		}
	}
	// Declaration order: the order authors list enum members in.
	sortByPos(fset, consts)
	var enums []Enum
	index := make(map[string]int)
	for _, k := range consts {
		e := describe(k.Val(), k.Type())
		if e == nil {
			continue
		}
		i, ok := index[e.Type]
		if !ok {
			i = len(enums)
			index[e.Type] = i
			enums = append(enums, Enum{Type: e.Type, Kind: e.Kind})
		}
		enums[i].Members = append(enums[i].Members, EnumMember{
			Name:  pkg.Path() + "." + k.Name(),
			Value: e.Value,
		})
	}
	sortEnums(enums)
	return enums
}

// enumOf returns the constants of named declared in its own package (from
// this package or the fact of the declaring package), or nil.
func (c *collector) enumOf(named *types.Named) *Enum {
	obj := named.Obj()
	if obj.Pkg() == nil {
		return nil
	}
	typ := types.TypeString(named, nil)
	if obj.Pkg() == c.pass.Pkg {
		for i := range c.enums {
			if c.enums[i].Type == typ {
				return &c.enums[i]
			}
		}
		return nil
	}
	if e, ok := c.imported[typ]; ok {
		return e
	}
	if c.imported == nil {
		c.imported = make(map[string]*Enum)
	}
	var fact PackageConsts
	var found *Enum
	if c.pass.ImportPackageFact(obj.Pkg(), &fact) {
		for i := range fact.Enums {
			if fact.Enums[i].Type == typ {
				found = &fact.Enums[i]
			}
		}
	}
	c.imported[typ] = found
	return found
}

// declared returns the package-level constant declarations as pool
// entries, one use each.
func (c *collector) declared() []Const {
	p := newPool()
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		k, ok := scope.Lookup(name).(*types.Const)
		if !ok {
			continue
		}
		if e := describe(k.Val(), k.Type()); e != nil {
			e.Name = c.pass.Pkg.Path() + "." + k.Name()
			p.add(*e, 1).Origin |= Declared
		}
	}
	return p.consts()
}

// markSwitches flags the case values of expression switches, which SSA
// turns into chains of == comparisons indistinguishable from if statements.
func (c *collector) markSwitches(pools map[*types.Func]*pool, pkgPool *pool) {
	info := c.pass.TypesInfo
	for _, file := range c.pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			p := pkgPool
			if fn, _ := info.Defs[fd.Name].(*types.Func); fn != nil && pools[fn] != nil {
				p = pools[fn]
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				sw, ok := n.(*ast.SwitchStmt)
				if !ok || sw.Tag == nil {
					return true
				}
				tagType := info.TypeOf(sw.Tag)
				for _, stmt := range sw.Body.List {
					for _, expr := range stmt.(*ast.CaseClause).List {
						tv := info.Types[expr]
						if tv.Value == nil {
							continue
						}
						t := tv.Type
						if _, ok := tagType.Underlying().(*types.Basic); ok {
							t = tagType // the comparison converts the case value
						}
						e := describe(tv.Value, t)
						if e == nil {
							continue
						}
						if named, ok := types.Unalias(t).(*types.Named); ok {
							if enum := c.enumOf(named); enum != nil {
								e.Name = enum.NameOf(e.Value)
							}
						}
						e = p.add(*e, 0)
						e.Origin |= Switch
					}
				}
				return true
			})
		}
	}
}

// sortByPos sorts consts in declaration order: by file, then position
// (srcpos: a package's files enter the file set in a varying order).
func sortByPos(fset *token.FileSet, consts []*types.Const) {
	slices.SortFunc(consts, func(a, b *types.Const) int { return srcpos.Compare(fset, a.Pos(), b.Pos()) })
}

func sortEnums(enums []Enum) {
	slices.SortFunc(enums, func(a, b Enum) int { return strings.Compare(a.Type, b.Type) })
}
