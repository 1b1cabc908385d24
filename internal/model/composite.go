package model

import (
	"go/types"
)

// Construction options (Options.Construct): how the model builds values the
// way a package's API means them to be built, beyond zero values. The
// construct analyzer decides which struct types a composite literal may
// build and with which fields; the rest follows from the types.
type Construct struct {
	// LiteralFields returns the exported fields, in declaration order, a
	// composite literal of the package's named struct type may set, or nil
	// when the type is not to be built by a literal (it has none, or a
	// constructor builds what a literal cannot set).
	LiteralFields func(tn *types.TypeName) []string
	// Vars are the exported package variables whose values the model
	// offers as operations (base64.StdEncoding, DefaultConfig).
	Vars []*types.Var
	// Templates, when set, gives the model the facts EvoObj's templates
	// are built from; nil switches templates off.
	Templates *TemplateFacts
}

// built are the effects of a literal or a variable read: none.
var built = Effects{Known: true, Pure: true}

// literal reports whether c builds values of tn with a composite literal.
func (c *Construct) literal(tn *types.TypeName) bool {
	return c != nil && c.LiteralFields != nil && len(c.LiteralFields(tn)) > 0
}

// maxArray bounds the arrays the model writes as literals element by
// element.
const maxArray = 4

// composites adds the construction operations of c: composite literals of
// the package's struct types with their exported fields as parameters,
// literals of slices, arrays and maps whose elements no literal fills
// (structs, pointers, option funcs, ...) with one or two elements, and the
// package's variables. They are regular operations: the search calls them,
// pools their results and tunes their literal fields like any argument.
func (p *Program) composites(c *Construct) {
	if c == nil {
		return
	}
	// The types the package's operations take, then the types of the
	// fields and elements of those built here, breadth first.
	var queue []types.Type
	for _, op := range p.Ops {
		if !op.UnderTest {
			continue
		}
		for _, prm := range op.Params {
			queue = append(queue, prm.Type)
		}
	}
	seen := map[string]bool{}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		k := types.TypeString(t, nil)
		if seen[k] || unnameable(t, p.Pkg) != "" {
			continue
		}
		seen[k] = true
		queue = append(queue, p.composite(t, c)...)
	}
	for _, v := range c.Vars {
		if unnameable(v.Type(), p.Pkg) != "" {
			continue
		}
		p.add(&Op{Kind: Var, Name: v.Name(), Var: v, Results: []types.Type{v.Type()}, Effects: built})
	}
}

// composite adds the literal operations for values of type t and returns
// the types their parameters take.
func (p *Program) composite(t types.Type, c *Construct) []types.Type {
	ptr := false
	if pt, ok := t.(*types.Pointer); ok {
		t, ptr = pt.Elem(), true
	}
	// A named slice, array or map type can be exported while its keys or
	// elements are not (logrus.FieldMap is map[fieldKey]string): the test
	// package could not write them.
	switch u := t.Underlying().(type) {
	case *types.Slice:
		if unnameable(u.Elem(), p.Pkg) != "" {
			return nil
		}
	case *types.Array:
		if unnameable(u.Elem(), p.Pkg) != "" {
			return nil
		}
	case *types.Map:
		if unnameable(u.Key(), p.Pkg) != "" || unnameable(u.Elem(), p.Pkg) != "" {
			return nil
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Struct:
		n, ok := t.(*types.Named)
		if !ok || n.Obj().Pkg() != p.Pkg || c.LiteralFields == nil || n.TypeParams().Len() > 0 {
			return nil
		}
		names := c.LiteralFields(n.Obj())
		if len(names) == 0 {
			return nil
		}
		op := &Op{Kind: Composite, Name: n.Obj().Name(), Type: n, Ptr: ptr, Effects: built}
		var next []types.Type
		for _, name := range names {
			f := field(u, name)
			if f == nil || unnameable(f.Type(), p.Pkg) != "" {
				continue
			}
			op.Params = append(op.Params, Param{Name: name, Type: f.Type(), Lit: litClass(f.Type())})
			next = append(next, f.Type())
		}
		if len(op.Params) == 0 {
			return nil
		}
		if ptr {
			op.Results = []types.Type{types.NewPointer(n)}
		} else {
			op.Results = []types.Type{n}
		}
		p.add(op)
		return next
	case *types.Slice:
		if ptr || !needsElems(u.Elem()) {
			return nil
		}
		for n := 1; n <= 2; n++ {
			op := &Op{Kind: Composite, Name: recvName(t), Type: t, Results: []types.Type{t}, Effects: built}
			for i := 0; i < n; i++ {
				op.Params = append(op.Params, Param{Name: "e", Type: u.Elem(), Lit: litClass(u.Elem())})
			}
			p.add(op)
		}
		return []types.Type{u.Elem()}
	case *types.Array:
		if ptr || !needsElems(u.Elem()) || u.Len() < 1 || u.Len() > maxArray {
			return nil
		}
		op := &Op{Kind: Composite, Name: recvName(t), Type: t, Results: []types.Type{t}, Effects: built}
		for i := int64(0); i < u.Len(); i++ {
			op.Params = append(op.Params, Param{Name: "e", Type: u.Elem(), Lit: litClass(u.Elem())})
		}
		p.add(op)
		return []types.Type{u.Elem()}
	case *types.Map:
		if ptr {
			return nil
		}
		// Any map: a literal is the only way to a non-nil map argument.
		for n := 1; n <= 2; n++ {
			op := &Op{Kind: Composite, Name: recvName(t), Type: t, Results: []types.Type{t}, Effects: built}
			for i := 0; i < n; i++ {
				op.Params = append(op.Params,
					Param{Name: "k", Type: u.Key(), Lit: litClass(u.Key())},
					Param{Name: "v", Type: u.Elem(), Lit: litClass(u.Elem())})
			}
			p.add(op)
		}
		return []types.Type{u.Key(), u.Elem()}
	}
	return nil
}

// needsElems reports whether a slice or array of elem needs a literal
// operation: its elements are not literals the search writes directly.
func needsElems(elem types.Type) bool {
	switch litClass(elem) {
	case LitNone, LitNilOK:
		return true
	}
	return false
}

func field(st *types.Struct, name string) *types.Var {
	for i := 0; i < st.NumFields(); i++ {
		if f := st.Field(i); f.Name() == name && f.Exported() {
			return f
		}
	}
	return nil
}

// varsUnsafe drops the variables whose values a call may change: a
// pointer (or map, slice) shared by every test, handed to a mutator,
// would carry state from one test to the next.
func (p *Program) varsUnsafe() {
	var keep []*Op
	for _, op := range p.Ops {
		if op.Kind != Var || !sharesState(op.Var.Type()) || !p.mutable(op.Var.Type()) {
			keep = append(keep, op)
			continue
		}
		p.Excluded = append(p.Excluded, Excluded{op.Name, "package variable whose shared value a method of its type may change"})
	}
	p.Ops = keep
}

func sharesState(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice, *types.Chan, *types.Interface:
		return true
	}
	return false
}

// mutable reports whether an operation may change a value of type t it
// receives, or the model cannot tell.
func (p *Program) mutable(t types.Type) bool {
	for _, op := range p.Ops {
		for i, prm := range op.Params {
			if !types.AssignableTo(t, prm.Type) {
				continue
			}
			if !op.Effects.Known || op.Mutator(i) {
				return true
			}
		}
	}
	return false
}

// StepKind is the kind of a Step of a field path.
type StepKind uint8

// Kinds of steps the templates follow.
const (
	FieldStep    StepKind = iota + 1 // .Name, through pointers
	ElemStep                         // [i] of a slice or array
	MapValueStep                     // [k] of a map
	LenStep                          // len(x)
)

// Step is one selection on a field path: recv.Inner.Strict is
// FieldStep Inner, FieldStep Strict.
type Step struct {
	Kind StepKind
	Name string // FieldStep: the field
	Key  string // ElemStep, MapValueStep: the constant index or key as a Go literal, or ""
}

// FieldDep is a branch condition of an operation that reads a field path
// of one of its inputs (the construct facts' branch dependencies):
// len(recv.Items) > 0 is Param 0 (the receiver), Steps Items, len, Op ">",
// Const "0".
type FieldDep struct {
	Param int // index into the operation's Params
	Steps []Step
	Op    string // "==", "!=", "<", "<=", ">", ">=", "has"
	Const string // the compared constant as a Go literal, or ""
}

// FieldBranch is a branch condition, by file base name and line, with the
// field paths it reads.
type FieldBranch struct {
	File string
	Line int
	Deps []FieldDep
}

// Route says how a Writer reaches the object it writes.
type Route uint8

// Routes of writers.
const (
	ByConstructor Route = iota + 1 // the result is the object
	BySetter                       // the receiver (or, Copy, the result) is the object
	ByOption                       // the result is an option that writes the object it is applied to
)

// Writer is an operation that writes a field path of values of a type
// from one of its parameters: a constructor, a setter, a functional
// option (the construct facts' recipes).
type Writer struct {
	Op    *Op
	Route Route
	Steps []Step
	// From is the index into Op.Params of the parameter the written value
	// comes from, -1 for a constant write (Secure() setting the scheme).
	From int
	// Copy marks a setter of a value type that returns a modified copy.
	Copy bool
}

// TemplateFacts are what Build needs to give operations their branch
// dependencies and types their writers, by name, before the operations
// exist.
type TemplateFacts struct {
	// Branches returns fn's branches on field paths of its inputs; roots
	// are -1 for the receiver and i for the i-th parameter.
	Branches func(fn *types.Func) []RawBranch
	// Writers returns the writes of the operations building or
	// configuring values of tn.
	Writers func(tn *types.TypeName) []RawWriter
}

// RawBranch is a FieldBranch whose deps are rooted as in the facts.
type RawBranch struct {
	File string
	Line int
	Deps []RawDep
}

// RawDep is a FieldDep rooted as in the facts: -1 the receiver, i the
// i-th parameter.
type RawDep struct {
	Root  int
	Steps []Step
	Op    string
	Const string
}

// RawWriter is a Writer by function full name, with the parameter index
// as in the facts (receiver excluded; -1 for a constant write).
type RawWriter struct {
	Func  string
	Route Route
	Steps []Step
	From  int
	Copy  bool
}

// templates resolves the template facts onto the operations: each
// operation under test gets its field branches (Program.Branches) and
// each struct type of the package its writers (Program.Writers).
func (p *Program) templates(c *Construct) {
	if c == nil || c.Templates == nil {
		return
	}
	tf := c.Templates
	byName := map[string][]*Op{}
	for _, op := range p.Ops {
		if op.Func != nil && op.UnderTest {
			byName[op.Func.FullName()] = append(byName[op.Func.FullName()], op)
		}
	}
	p.Branches = map[int][]FieldBranch{}
	for _, op := range p.Ops {
		if op.Func == nil || !op.UnderTest || tf.Branches == nil {
			continue
		}
		shift := 0
		if op.Kind == Method {
			shift = 1
		}
		for _, rb := range tf.Branches(op.Func) {
			fb := FieldBranch{File: rb.File, Line: rb.Line}
			for _, d := range rb.Deps {
				k := d.Root + shift
				if d.Root < -1 || k < 0 || k >= len(op.Params) || len(d.Steps) == 0 {
					continue
				}
				fb.Deps = append(fb.Deps, FieldDep{Param: k, Steps: d.Steps, Op: d.Op, Const: d.Const})
			}
			if len(fb.Deps) > 0 {
				p.Branches[op.ID] = append(p.Branches[op.ID], fb)
			}
		}
	}
	p.Writers = map[string][]Writer{}
	scope := p.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tf.Writers == nil {
			continue
		}
		key := types.TypeString(tn.Type(), nil)
		for _, rw := range tf.Writers(tn) {
			for _, op := range byName[rw.Func] {
				from := rw.From
				if from >= 0 && op.Kind == Method {
					from++
				}
				if from >= len(op.Params) {
					continue
				}
				p.Writers[key] = append(p.Writers[key], Writer{Op: op, Route: rw.Route, Steps: rw.Steps, From: from, Copy: rw.Copy})
			}
		}
	}
}

// ClassOf says which literals can fill a value of type t.
func ClassOf(t types.Type) LitClass { return litClass(t) }
