// Package model builds the program model the search works on: the
// operations of the package under test (functions, methods, zero-value
// construction) with their parameter and result types, the literal kinds
// that can fill each parameter, and the operations that cannot be used and
// why.
package model

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// Kind is the kind of an operation.
type Kind int

// Operation kinds.
const (
	Call       Kind = iota // a package-level function
	Method                 // a method; Params[0] is the receiver
	Zero                   // a zero value of a struct type: &T{} or T{}
	Convert                // a conversion T(v) of a literal to a named basic type
	Assert                 // a type assertion v.(T) from an interface to a concrete type
	FuncLit                // a small function literal of a parameter's func type (see Op.Variant)
	Addr                   // the address of a value, &v, for pointer-receiver methods
	Composite              // a composite literal: T{F: p0, ...} (Params name the fields), []E{p0, p1}, map[K]V{p0: p1}
	Var                    // the value of an exported package variable (see Op.Var)
	SetVar                 // an assignment of p0 to an exported package variable (Op.Var; see configvar.go)
	SetField               // an assignment p0.F = p1 to an exported field of a struct (Op.Field; see configfield.go)
	Recorded               // what a recording function literal was called with: *p0, the slice it appended to (see FuncRecord)
	Elements               // the elements of an indexed container, read with Func from 0 to Count (see elements.go)
	FormatVerb             // fmt.Sprintf(Variant, p0): a value's Format method (Func), run by fmt (see format.go)
)

// Param is one input of an operation.
type Param struct {
	Name string
	Type types.Type
	Recv bool
	// Lit says how a literal can fill this parameter, LitNone if it
	// cannot.
	Lit LitClass
}

// LitClass says which literals fit a type.
type LitClass int

// Literal classes.
const (
	LitNone LitClass = iota
	LitBool
	LitInt
	LitUint
	LitFloat
	LitString
	LitBytes  // []byte
	LitSlice  // a slice of a basic element type; Elem says which
	LitNilOK  // not literal-constructible, but nil is a value (pointers, maps, ...)
	LitIfaceA // an empty interface: any literal fits
)

// Op is one operation.
type Op struct {
	ID   int
	Kind Kind
	// Name is how the operation reads in test names: "NewStack",
	// "Stack.Push".
	Name string
	// Func is the called function or method (Call, Method).
	Func *types.Func
	// Var is the package variable a Var operation reads, or a SetVar
	// operation assigns.
	Var *types.Var
	// Field is the struct field a SetField operation assigns; Type is
	// its struct type.
	Field *types.Var
	// Type is the constructed type (Zero, Composite); Ptr says &T{}
	// rather than T{}.
	Type types.Type
	Ptr  bool

	Params   []Param
	Variadic bool
	Results  []types.Type
	// ErrResult is true when the last result is error.
	ErrResult bool
	// UnderTest is true for the operations gentest writes tests for: the
	// exported functions and methods of the package.
	UnderTest bool
	// Detective is true for producers from other packages that the search
	// calls only on demand (see detective.go).
	Detective bool
	// Support is true for operations that exist for the contract checks
	// only (a fresh value to unmarshal into); the search does not call
	// them.
	Support bool

	// Effects, from the purity facts (zero when unknown).
	Effects Effects
	// Count is the Len or Size method an Elements operation reads to
	// the end with Func.
	Count *types.Func
	// Variant says which function literal a FuncLit operation makes,
	// and which verb a FormatVerb operation formats with ("%+v").
	Variant string
	// TypeArgs are the type arguments of a generic function's instance;
	// the call spells them: Map[int, string](...).
	TypeArgs []types.Type
	// DocPanics is the doc comment's sentence announcing that the
	// function panics (the apidoc facts), or "": its panics are documented
	// preconditions, not bugs.
	DocPanics string
	// DocAdvance is the doc comment's sentence stating this method (one
	// returning only a bool) as a step of its type's call protocol, which
	// must return true before the type's accessors are used (the apidoc
	// Advance facts), or "".
	DocAdvance string
	// Restore, for a setter of package state (see StateSetter), is the
	// getter that reads the state back: a test saves it before the call
	// and puts it back when it ends, and so does the executor after each
	// sequence.
	Restore *Op
	// ExitSwap marks the SetVar of an exported handler variable whose
	// default exits the process (exitvar.go): sequences start by storing
	// a handler that returns, and tests restore the default with
	// t.Cleanup.
	ExitSwap bool
}

// StateSetter reports whether op is called for its effect on package
// state: it may write package-level variables and returns nothing but an
// error. Its effect outlives the test that calls it, so a test may call it
// only if it puts the state back. An operation that changes its receiver
// or an argument is called for that change (a decoder filling its
// destination: yaml.v3's Unmarshal(in, out) and Decoder.Decode, msgpack's
// Unmarshal); its package-level write is a cache of what it computed
// (their maps of struct field information), not state a test sets.
func (o *Op) StateSetter() bool {
	if !o.UnderTest || !o.Effects.WritesGlobal || o.Effects.MutatesRecv || len(o.Effects.MutatesParams) > 0 || o.decodesInto() {
		return false
	}
	return len(o.Results) == 0 || (o.ErrResult && len(o.Results) == 1)
}

// decodesInto reports whether o is named as a decoder (Unmarshal*,
// Decode*) and takes a destination (a pointer or an interface): it fills
// that destination, through reflection the effect facts do not follow
// (yaml.v3's Unmarshal(in []byte, out interface{})).
func (o *Op) decodesInto() bool {
	if o.Func == nil || !strings.HasPrefix(o.Func.Name(), "Unmarshal") && !strings.HasPrefix(o.Func.Name(), "Decode") {
		return false
	}
	for _, p := range o.Params {
		switch p.Type.Underlying().(type) {
		case *types.Pointer, *types.Interface:
			return true
		}
	}
	return false
}

// Effects are what the generator needs to know of an operation's effect
// facts.
type Effects struct {
	Known bool
	// Pure: no effect but panics, and the summary is exact.
	Pure bool
	// MutatesRecv and MutatesParams (indices into Params, receiver
	// included) say which inputs the call may change.
	MutatesRecv   bool
	MutatesParams []int
	// Nondeterministic results are never asserted. CallSiteOnly says
	// that the only cause is where in the binary the call is made (a
	// stack trace, a program counter, which differ between the executor
	// and the written test), not the clock or randomness: an error's
	// message may then be checked (oracle.Assertions). It implies
	// Nondeterministic.
	Nondeterministic bool
	CallSiteOnly     bool
	// ErrChoiceOnly says that the only cause is which of several errors
	// the call returns, chosen in map iteration order (purity.ErrChoice):
	// a run that returned a nil error chose nothing, so its results are
	// as deterministic as its inputs (oracle.TaintIn). It implies
	// Nondeterministic.
	ErrChoiceOnly bool
	// RandomOnly says that the only cause is a random source (the facts'
	// purity.Random without NotRandom): no clock, map order or machine.
	// A result every one of the judge's repeated runs (each with other
	// random state) agreed on is then fixed by the input, Shuffle of one
	// rune or a sample of n from n (oracle.TaintIn). It implies
	// Nondeterministic.
	RandomOnly bool
	// NondetWhy is the facts' reason for Nondeterministic ("calls
	// time.Now at x.go:12", "does I/O in map iteration order at
	// p.go:7"), for the note of a test that cannot check the result.
	NondetWhy string
	// WritesGlobal: the call may change package-level state, which
	// outlives the test that calls it; GlobalWhy says where.
	WritesGlobal bool
	GlobalWhy    string
	// ResultShared: a result may be a package singleton itself (a getter
	// returning the package's default object), so a call that mutates it
	// writes package state; see SharedWrite. ResultAliases (indices into
	// Params, receiver included) are the inputs a result may point into,
	// so a result derived from a shared value is shared too.
	ResultShared  bool
	ResultAliases []int
}

// Observer reports whether op reads an object's state without changing
// it: a pure method with no parameter but its receiver that returns values
// (Randoop's observers, GRT's pure methods).
func (o *Op) Observer() bool {
	return (o.Kind == Method || o.Kind == Elements) && o.Effects.Known && o.Effects.Pure && !o.Effects.Nondeterministic &&
		len(o.Params) == 1 && len(o.Results) > 0 && !(o.ErrResult && len(o.Results) == 1)
}

// Mutator reports whether op may change its receiver or argument i.
func (o *Op) Mutator(i int) bool {
	if !o.Effects.Known {
		return false
	}
	if i == 0 && o.Kind == Method {
		return o.Effects.MutatesRecv
	}
	for _, p := range o.Effects.MutatesParams {
		if p == i {
			return true
		}
	}
	return false
}

// FullName identifies the operation as types.Func.FullName does.
func (o *Op) FullName() string {
	if o.Kind == Elements {
		return "elements of " + types.TypeString(o.Type, nil) + " by " + o.Func.Name()
	}
	if o.Kind == FormatVerb {
		return o.Func.FullName() + " with " + o.Variant
	}
	if o.Func != nil {
		return o.Func.FullName()
	}
	if o.Kind == Convert {
		return "conversion to " + types.TypeString(o.Type, nil)
	}
	if o.Kind == Assert {
		return "assertion to " + types.TypeString(o.Type, nil)
	}
	if o.Kind == Addr {
		return "address of " + types.TypeString(o.Type, nil)
	}
	if o.Kind == Composite {
		return "literal of " + types.TypeString(o.Type, nil)
	}
	if o.Kind == Var {
		return "variable " + o.Var.Pkg().Path() + "." + o.Var.Name()
	}
	if o.Kind == SetVar {
		return "assignment to " + o.Var.Pkg().Path() + "." + o.Var.Name()
	}
	if o.Kind == SetField {
		return "assignment to field " + types.TypeString(o.Type, nil) + "." + o.Field.Name()
	}
	if o.Kind == FuncLit {
		return o.Variant + " function literal of " + types.TypeString(o.Type, nil)
	}
	if o.Kind == Recorded {
		return "calls recorded by a function literal of " + types.TypeString(o.Type, nil)
	}
	return "zero " + types.TypeString(o.Type, nil)
}

// Excluded is an operation the model leaves out, with the reason.
type Excluded struct {
	Name   string
	Reason string
}

// Program is the model of one package under test.
type Program struct {
	Pkg *types.Package
	// Fset holds the positions of Pkg's objects, for ordering them by
	// declaration (srcpos); nil orders by token.Pos.
	Fset     *token.FileSet
	Ops      []*Op
	Excluded []Excluded
	// Branches are, by operation ID, the branches of operations under
	// test that read field paths of their inputs; Writers are, by type
	// (types.TypeString), the operations that write fields of its values.
	// Both are empty without construction facts (Options.Construct).
	Branches map[int][]FieldBranch
	Writers  map[string][]Writer
	// Shapes are the struct types the model synthesized for a package
	// that walks `any` values by reflection (reflectshapes.go), declared
	// in the external test package, ShapePkg: the executor's registry
	// and the written test declare each once (ShapeDecl).
	Shapes   []*types.TypeName
	ShapePkg *types.Package
}

// Options adjust model building.
type Options struct {
	// Exclude, when non-nil, is asked about every function and method; a
	// non-empty reason leaves it out (for example, the safety policy).
	Exclude func(fn *types.Func) string
	// Support lists the other loaded packages the detective may take
	// producers from; nil switches the detective off.
	Support []*types.Package
	// ProducerOK, when set, vets the detective's producers: they are not
	// under test, so they should be free of side effects.
	ProducerOK func(fn *types.Func) bool
	// Effects, when set, supplies each function's effects.
	Effects func(fn *types.Func) Effects
	// DocPanics, when set, returns the sentence of fn's doc comment that
	// announces a panic, or "".
	DocPanics func(fn *types.Func) string
	// DocAdvance, when set, returns the sentence of fn's type's doc
	// comments stating fn as a protocol step (apidoc.Advance), or "".
	DocAdvance func(fn *types.Func) string
	// ZeroDocumented, when set, reports whether a type's doc comment says
	// its zero value is ready to use: such a struct gets its zero value
	// (&T{}) as an operation even when a constructor builds it too, since
	// the doc makes it an input users start from (var l list.List).
	ZeroDocumented func(tn *types.TypeName) bool
	// Construct, when set, adds composite literals and package variables
	// to the model (see composite.go); nil keeps structs to zero values.
	Construct *Construct
	// ConfigVars adds assignments to the package's exported boolean
	// variables (see configvar.go).
	ConfigVars bool
	// ConfigFields adds assignments to the exported boolean fields of
	// the package's struct types (configfield.go).
	ConfigFields bool
	// InterfaceResults adds calls of the methods of the interfaces the
	// package's operations return (ifacemethods.go).
	InterfaceResults bool
	// Fset is the file set of the package's positions (Program.Fset).
	Fset *token.FileSet
	// ExitHandlers are the package's exported variables of func type
	// whose default exits the process (policy.ExitHandlers); each gets
	// an ExitSwap assignment (exitvar.go).
	ExitHandlers []*types.Var
	// Reflect is what the package does with values by reflection
	// (ScanReflect); when it takes an `any`, reflectshapes.go adds the
	// shapes such a walker tells apart. Nil adds none.
	Reflect *ReflectUse

	// noStubs leaves out the synthesized implementations of interfaces
	// (ifacestubs.go): Needed asks what the detective must look for in
	// other packages, and a stub is no reason not to look.
	noStubs bool
}

// Build builds the model of pkg.
func Build(pkg *types.Package, opts Options) *Program {
	p := &Program{Pkg: pkg, Fset: opts.Fset}
	named := p.addScope(opts)
	typesToTest := p.typesToTest(named)
	// Producers of each named type decide the receiver form of its
	// methods: *T when anything yields *T or T is a struct we can build
	// with &T{}, else T.
	produced := p.producedTypes(typesToTest)
	for _, n := range typesToTest {
		if _, isIface := n.Underlying().(*types.Interface); !isIface {
			p.addType(n, produced, opts)
		}
	}
	if opts.InterfaceResults {
		p.interfaceResults(opts)
	}
	p.composites(opts.Construct)
	p.reflectShapes(opts.Reflect, opts)
	p.contractSupport()
	p.addresses() // before the detective: &v beats a zero value
	p.detective(opts.Support, opts)
	p.sinkObservers(opts)
	p.assertions()
	if !opts.noStubs {
		p.ifaceStubs() // after the detective, which adds no producer for a type something builds
	}
	p.exitSwaps(opts.ExitHandlers) // before funcLits: the handlers assigned are literals
	p.funcLits()
	p.formatters()
	if opts.ConfigVars {
		p.configVars()
	}
	p.attachFacts(opts)
	p.formatEffects()
	p.interfaceEffects(opts)
	p.stateSetters()
	if opts.ConfigFields {
		p.configFields() // after the facts: its effects are its own
	}
	p.varsUnsafe()
	p.elementViews()
	p.observerAddresses() // last: the operations before keep their IDs
	for i, op := range p.Ops {
		op.ID = i
	}
	p.templates(opts.Construct)
	return p
}

// addScope adds the exported functions of the package, in the order of
// their names, and returns its exported named types (aliases aside).
func (p *Program) addScope(opts Options) []*types.TypeName {
	scope := p.Pkg.Scope()
	var named []*types.TypeName
	for _, name := range scope.Names() { // sorted: determinism
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			if obj.Exported() {
				p.addFunc(obj, nil, opts)
			}
		case *types.TypeName:
			if obj.Exported() && !obj.IsAlias() {
				named = append(named, obj)
			}
		}
	}
	return named
}

// typesToTest returns the named types whose methods are tested: each
// type, or the instances of a generic one that gentest can instantiate
// (none excludes the type).
func (p *Program) typesToTest(named []*types.TypeName) []*types.Named {
	var out []*types.Named
	for _, tn := range named {
		n, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		if n.TypeParams().Len() > 0 {
			insts := instantiateType(n)
			if len(insts) == 0 {
				p.Excluded = append(p.Excluded, Excluded{tn.Name(), "generic type whose constraints gentest cannot satisfy"})
			}
			out = append(out, insts...)
			continue
		}
		out = append(out, n)
	}
	return out
}

// addType adds the operations of the non-interface named type n: its zero
// value when nothing produces it, a conversion from literals for a named
// basic type with methods, and its exported methods (promoted ones aside),
// by name, on the receiver form what produces n decides.
func (p *Program) addType(n *types.Named, produced map[string]bool, opts Options) {
	tn := n.Obj()
	// A struct with a constructor is built with it: its zero value is
	// often not meant to be used, and panics on it are noise, not bugs.
	// Unless its doc promises a usable zero value (list.List, whose
	// methods initialise it lazily: a path New never takes).
	documented := opts.ZeroDocumented != nil && opts.ZeroDocumented(tn)
	if st, isStruct := n.Underlying().(*types.Struct); isStruct &&
		(!produced[types.TypeString(n, nil)] && !produced[types.TypeString(types.NewPointer(n), nil)] && zeroUsable(st) || documented) {
		p.add(&Op{Kind: Zero, Name: tn.Name(), Type: n, Ptr: true, Results: []types.Type{types.NewPointer(n)}})
	}
	// Values of a named basic type with methods come from literals;
	// a conversion puts them in the pool, where the contracts and the
	// other operations find them.
	if _, isBasic := n.Underlying().(*types.Basic); isBasic && n.NumMethods() > 0 {
		if lc := litClass(n); lc != LitNone && lc != LitNilOK {
			p.add(&Op{Kind: Convert, Name: tn.Name(), Type: n, Params: []Param{{Name: "v", Type: n, Lit: lc}},
				Results: []types.Type{n}})
		}
	}
	ms := types.NewMethodSet(types.NewPointer(n))
	var methods []*types.Func
	for i := 0; i < ms.Len(); i++ {
		fn := ms.At(i).Obj().(*types.Func)
		if fn.Exported() && len(ms.At(i).Index()) == 1 { // promoted methods are tested on their own type
			methods = append(methods, fn)
		}
	}
	sort.Slice(methods, func(i, j int) bool { return methods[i].Name() < methods[j].Name() })
	for _, fn := range methods {
		recv := types.Type(types.NewPointer(n))
		if _, ptrRecv := fn.Type().(*types.Signature).Recv().Type().(*types.Pointer); !ptrRecv && (!p.produces(recv, false) && !p.hasZero(n) || opts.Construct.literal(tn) && !p.produces(recv, true)) {
			// A value receiver built by a literal is called as
			// written: objects.Money{...}.Equal(m), and a value's
			// contracts (Equal(o Money)) apply to it.
			recv = n
		}
		p.addFunc(fn, recv, opts)
	}
}

// producedTypes is what the package's functions and methods return,
// known before any zero value is offered: a type with a constructor
// anywhere (a method of another type included) is not built from its zero
// value. Keys are types.TypeString of the result types.
func (p *Program) producedTypes(typesToTest []*types.Named) map[string]bool {
	produced := map[string]bool{}
	for _, op := range p.Ops {
		for _, r := range op.Results {
			produced[types.TypeString(r, nil)] = true
		}
	}
	for _, n := range typesToTest {
		ms := types.NewMethodSet(types.NewPointer(n))
		for i := 0; i < ms.Len(); i++ {
			if fn, ok := ms.At(i).Obj().(*types.Func); ok && fn.Exported() {
				res := fn.Type().(*types.Signature).Results()
				for j := 0; j < res.Len(); j++ {
					rt := res.At(j).Type()
					if types.Identical(deref(rt), n) {
						// (*Scanner).Init returning *Scanner needs a
						// Scanner first: a method is no constructor of
						// its own receiver's type.
						continue
					}
					produced[types.TypeString(rt, nil)] = true
				}
			}
		}
	}
	return produced
}

// attachFacts gives every operation of a function or method the facts
// opts reads for it: effects, the panics and the protocol its docs state.
func (p *Program) attachFacts(opts Options) {
	for _, op := range p.Ops {
		if opts.Effects != nil && op.Func != nil {
			op.Effects = opts.Effects(op.Func)
		}
		if opts.DocPanics != nil && op.Func != nil {
			op.DocPanics = opts.DocPanics(op.Func)
		}
		if opts.DocAdvance != nil && op.Func != nil {
			op.DocAdvance = opts.DocAdvance(op.Func)
		}
	}
}

// stateSetters pairs every state setter with the getter that restores
// what it sets, and leaves out the setters that have none: a test that
// called SetEscapeHTML(false) or AddModifier(...) without undoing it would
// change what the package's other tests see.
//
// A getter of SetX(v T) is a package-level function of the same package
// with no parameters returning exactly T, named X, GetX or IsX.
func (p *Program) stateSetters() {
	getters := map[string]*Op{}
	for _, op := range p.Ops {
		if op.Kind == Call && op.UnderTest && len(op.Params) == 0 && len(op.Results) == 1 && op.Effects.Known && !op.Effects.WritesGlobal {
			getters[op.Func.Name()] = op
		}
	}
	var keep []*Op
	for _, op := range p.Ops {
		if !op.StateSetter() {
			keep = append(keep, op)
			continue
		}
		if g := getterOf(op, getters); g != nil {
			op.Restore = g
			keep = append(keep, op)
			continue
		}
		why := "writes package state"
		if op.Effects.GlobalWhy != "" {
			why += " (" + op.Effects.GlobalWhy + ")"
		}
		p.Excluded = append(p.Excluded, Excluded{op.Name, why + " and the package has no getter to restore it: a test calling it would change what other tests see"})
	}
	p.Ops = keep
}

func getterOf(op *Op, getters map[string]*Op) *Op {
	if op.Kind != Call || len(op.Params) != 1 || op.Variadic || !strings.HasPrefix(op.Func.Name(), "Set") {
		return nil
	}
	x := strings.TrimPrefix(op.Func.Name(), "Set")
	for _, name := range []string{x, "Get" + x, "Is" + x} {
		if g := getters[name]; g != nil && types.Identical(g.Results[0], op.Params[0].Type) {
			return g
		}
	}
	return nil
}

// zeroUsable reports whether &T{} is worth trying for a struct with no
// constructor. Struct types of the package are always constructible from
// inside; from outside their zero value is the only option.
func zeroUsable(st *types.Struct) bool { return true }

// produces reports whether an operation returns t; with byCall, an
// operation that calls a function or method.
func (p *Program) produces(t types.Type, byCall bool) bool {
	for _, op := range p.Ops {
		if byCall && op.Func == nil {
			continue
		}
		for _, r := range op.Results {
			if types.Identical(r, t) {
				return true
			}
		}
	}
	return false
}

func (p *Program) hasZero(t types.Type) bool {
	for _, op := range p.Ops {
		if op.Kind == Zero && types.Identical(op.Type, t) {
			return true
		}
	}
	return false
}

func (p *Program) add(op *Op) {
	op.ID = len(p.Ops)
	p.Ops = append(p.Ops, op)
}

func (p *Program) addFunc(fn *types.Func, recv types.Type, opts Options) {
	sig := fn.Type().(*types.Signature)
	if sig.TypeParams().Len() > 0 {
		if recv == nil && fn.Pkg() == p.Pkg {
			p.addGenericFunc(fn, opts)
			return
		}
		p.Excluded = append(p.Excluded, Excluded{fn.Name(), "generic function outside the package under test"})
		return
	}
	p.addFuncSig(fn, recv, sig, nil, opts)
}

// addFuncSig adds an operation calling fn with signature sig (an
// instance's, for a generic function called with type arguments targs).
func (p *Program) addFuncSig(fn *types.Func, recv types.Type, sig *types.Signature, targs []types.Type, opts Options) {
	name := fn.Name()
	if recv != nil {
		name = recvName(recv) + "." + fn.Name()
	}
	if opts.Exclude != nil {
		if why := opts.Exclude(fn); why != "" {
			p.Excluded = append(p.Excluded, Excluded{name, why})
			return
		}
	}
	op := &Op{Kind: Call, Name: name, Func: fn, Variadic: sig.Variadic(), UnderTest: true, TypeArgs: targs}
	if recv != nil {
		op.Kind = Method
		op.Params = append(op.Params, Param{Name: "recv", Type: recv, Recv: true, Lit: litClass(recv)})
	}
	for i := 0; i < sig.Params().Len(); i++ {
		v := sig.Params().At(i)
		op.Params = append(op.Params, Param{Name: v.Name(), Type: v.Type(), Lit: litClass(v.Type())})
	}
	for i := 0; i < sig.Results().Len(); i++ {
		op.Results = append(op.Results, sig.Results().At(i).Type())
	}
	if n := len(op.Results); n > 0 && isError(op.Results[n-1]) {
		op.ErrResult = true
	}
	for _, prm := range op.Params {
		if why := unnameable(prm.Type, p.Pkg); why != "" {
			p.Excluded = append(p.Excluded, Excluded{name, why})
			return
		}
	}
	p.add(op)
}

func recvName(t types.Type) string {
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return types.TypeString(t, nil)
}

var errorType = types.Universe.Lookup("error").Type()

func isError(t types.Type) bool { return types.Identical(t, errorType) }

// unnameable says why the registry cannot spell type t, or "".
func unnameable(t types.Type, from *types.Package) string {
	var why string
	Walk(t, func(t types.Type) bool {
		n, ok := t.(*types.Named)
		if why != "" || !ok || n.Obj().Pkg() == nil {
			return why == ""
		}
		obj := n.Obj()
		switch {
		case !obj.Exported():
			why = fmt.Sprintf("parameter type %s is unexported in %s", obj.Name(), obj.Pkg().Path())
		case isInternal(obj.Pkg().Path()) && !internalVisible(obj.Pkg().Path(), from.Path()):
			why = fmt.Sprintf("parameter type %s is in internal package %s", obj.Name(), obj.Pkg().Path())
		}
		return why == ""
	})
	return why
}

func isInternal(path string) bool {
	return strings.HasSuffix(path, "/internal") || strings.Contains(path, "/internal/") || strings.HasPrefix(path, "internal/") || path == "internal"
}

// internalVisible reports whether package from may import internalPath
// under Go's internal rule: only packages rooted at the parent of the
// internal element. The standard library's own internal/... packages are
// visible to packages in GOROOT only, and gentest's targets live in
// modules (a module path need not have a dot: "benchstd/io" is not std).
func internalVisible(internalPath, from string) bool {
	if strings.HasPrefix(internalPath, "internal/") || internalPath == "internal" {
		return false
	}
	i := strings.LastIndex(internalPath, "/internal")
	root := ""
	if i >= 0 {
		root = internalPath[:i]
	}
	return from == root || strings.HasPrefix(from, root+"/")
}

// litClass says which literals can fill a parameter of type t.
func litClass(t types.Type) LitClass {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return LitBool
		case u.Info()&types.IsUnsigned != 0:
			return LitUint
		case u.Info()&types.IsInteger != 0:
			return LitInt
		case u.Info()&types.IsFloat != 0:
			return LitFloat
		case u.Info()&types.IsString != 0:
			return LitString
		}
		if u.Kind() == types.UnsafePointer {
			return LitNilOK
		}
	case *types.Slice:
		if b, ok := u.Elem().Underlying().(*types.Basic); ok {
			if b.Kind() == types.Byte || b.Kind() == types.Uint8 {
				if types.Identical(u.Elem(), types.Typ[types.Byte]) {
					return LitBytes
				}
			}
			if litClass(u.Elem()) != LitNone && litClass(u.Elem()) != LitNilOK {
				return LitSlice
			}
		}
		return LitNilOK
	case *types.Interface:
		if u.Empty() {
			return LitIfaceA
		}
		return LitNilOK
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
		return LitNilOK
	}
	return LitNone
}

// ElemLit is the literal class of a slice parameter's elements.
func ElemLit(t types.Type) LitClass {
	if s, ok := t.Underlying().(*types.Slice); ok {
		return litClass(s.Elem())
	}
	return LitNone
}

func deref(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
