package model

import (
	"go/types"
	"reflect"
	"strings"
	"unicode"
)

// reflectShapes adds, for a package that walks `any` arguments by
// reflection (u, from ScanReflect) and takes one, the values such a
// package is written for and a few basic literals never reach: a struct
// with a field of each kind it tells apart, tagged with the keys it reads
// and the names and options it compares the tags against, as a value and
// as a pointer; maps and slices of `any`, which nest those in turn; a
// struct with a channel when it rejects funcs and channels; and time.Time
// through time.Unix when it special-cases that type. The structs are named
// types of the external test package (Program.Shapes), declared once in
// the executor's registry and in the written test, so that a test reads
// &TaggedShape{Name: "a"} rather than the whole struct type at every
// value; the search builds and tunes them as it does the package's own
// composite literals.
func (p *Program) reflectShapes(u *ReflectUse, opts Options) {
	if u == nil || !p.takesAny() {
		return
	}
	// A package that reads tags but names no kind gets every field.
	all := u.Kinds == 0
	has := func(ks ...reflect.Kind) bool {
		for _, k := range ks {
			if all || u.Has(k) {
				return true
			}
		}
		return false
	}
	var b shapeFields
	str := types.Typ[types.String]
	b.add("Name", str, "")
	if has(reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64) {
		b.add("Count", types.Typ[types.Int], "")
	}
	if has(reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64) {
		b.add("Size", types.Typ[types.Uint], "")
	}
	if has(reflect.Float32, reflect.Float64) {
		b.add("Ratio", types.Typ[types.Float64], "")
	}
	if has(reflect.Bool) {
		b.add("On", types.Typ[types.Bool], "")
	}
	if has(reflect.Slice, reflect.Array) {
		b.add("Items", types.NewSlice(str), "")
	}
	strInts := types.NewMap(str, types.Typ[types.Int])
	if has(reflect.Map) {
		b.add("Attrs", strInts, "")
	}
	anyT := types.Universe.Lookup("any").Type()
	if has(reflect.Interface) {
		b.add("Any", anyT, "")
	}
	if has(reflect.Ptr) {
		// Nil unless the pools hold an *int: the nil pointer a walker
		// treats apart.
		b.add("Ref", types.NewPointer(types.Typ[types.Int]), "")
	}
	if u.Time != nil {
		b.add("When", u.Time.Type(), "")
	}
	b.tagged(u)
	tagged := p.shape("TaggedShape", types.NewStruct(b.fields, b.tags))
	p.shapeLiteral(tagged, false)
	if has(reflect.Ptr, reflect.Struct) {
		p.shapeLiteral(tagged, true)
	}
	if has(reflect.Map) {
		p.named("MapShape", func() { p.composite(strInts, nil) })
		if has(reflect.Interface) {
			p.named("MapShape", func() { p.composite(types.NewMap(str, anyT), nil) })
		}
	}
	if has(reflect.Slice, reflect.Array) {
		for n := 1; n <= 2; n++ {
			sl := types.NewSlice(anyT)
			op := &Op{Kind: Composite, Name: "ListShape", Type: sl, Results: []types.Type{sl}, Effects: built}
			for i := 0; i < n; i++ {
				op.Params = append(op.Params, Param{Name: "e", Type: anyT, Lit: LitIfaceA})
			}
			p.add(op)
		}
	}
	if !all && has(reflect.Chan, reflect.Func) {
		// A nil channel field: pools keep no nil values, so a channel
		// reaches the walker inside a struct.
		ch := types.NewStruct([]*types.Var{newField("Name", str), newField("Done", types.NewChan(types.SendRecv, types.Typ[types.Int]))}, nil)
		p.shapeLiteral(p.shape("ChanShape", ch), false)
	}
	if u.Time != nil {
		p.timeProducer(u.Time, opts)
	}
}

// named runs add, which adds operations, and names them name: a test
// that ends in a literal of an unnamed type is named after its
// operation, and TestMap[string]int is no Go.
func (p *Program) named(name string, add func()) {
	n := len(p.Ops)
	add()
	for _, op := range p.Ops[n:] {
		op.Name = name
	}
}

// takesAny reports whether an operation under test takes an empty
// interface.
func (p *Program) takesAny() bool {
	for _, op := range p.Ops {
		if !op.UnderTest {
			continue
		}
		for _, prm := range op.Params {
			if prm.Lit == LitIfaceA {
				return true
			}
		}
	}
	return false
}

// shape declares the synthesized struct st as the type name of the
// external test package. The names end in Shape: the package's own
// external tests, compiled beside the registry and the written file, are
// unlikely to declare them.
func (p *Program) shape(name string, st *types.Struct) *types.Named {
	if p.ShapePkg == nil {
		p.ShapePkg = types.NewPackage(p.Pkg.Path()+"_test", p.Pkg.Name()+"_test")
	}
	tn := types.NewTypeName(0, p.ShapePkg, name, nil)
	n := types.NewNamed(tn, st, nil)
	p.ShapePkg.Scope().Insert(tn)
	p.Shapes = append(p.Shapes, tn)
	return n
}

// IsShape reports whether t is one of the program's synthesized types.
func (p *Program) IsShape(pkg *types.Package) bool {
	return pkg != nil && pkg == p.ShapePkg
}

// ShapeDecl writes the declaration of the synthesized type tn, its field
// types spelled with qf, with a doc comment saying why it is there:
// type TaggedShape struct { ... }, and the methods of an interface's
// synthesized implementation (ifacestubs.go).
func ShapeDecl(tn *types.TypeName, qf types.Qualifier) string {
	st := tn.Type().Underlying().(*types.Struct)
	var b strings.Builder
	what := "a field of each kind it tells apart, tagged with the names and options its tags are compared against"
	for i := 0; i < st.NumFields(); i++ {
		if _, ok := st.Field(i).Type().(*types.Chan); ok {
			what = "a channel, a kind it rejects"
		}
	}
	n, _ := tn.Type().(*types.Named)
	if n != nil && n.NumMethods() > 0 {
		b.WriteString("// " + tn.Name() + " implements an interface the package takes, each method returning the fields named after it.\n")
	} else {
		b.WriteString("// " + tn.Name() + " is a value of the shapes the package walks by reflection: " + what + ".\n")
	}
	b.WriteString("type " + tn.Name() + " struct {\n")
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		b.WriteString("\t" + f.Name() + " " + types.TypeString(f.Type(), qf))
		if tag := st.Tag(i); tag != "" {
			b.WriteString(" `" + tag + "`")
		}
		b.WriteString("\n")
	}
	b.WriteString("}")
	if n != nil {
		stubMethods(&b, n, qf)
	}
	return b.String()
}

// shapeLiteral adds the composite literal of the synthesized struct n (or
// its address), with every field a parameter.
func (p *Program) shapeLiteral(n *types.Named, ptr bool) {
	st := n.Underlying().(*types.Struct)
	op := &Op{Kind: Composite, Name: n.Obj().Name(), Type: n, Ptr: ptr, Effects: built, Results: []types.Type{n}}
	if ptr {
		op.Results = []types.Type{types.NewPointer(n)}
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		op.Params = append(op.Params, Param{Name: f.Name(), Type: f.Type(), Lit: litClass(f.Type())})
	}
	p.add(op)
}

// timeProducer adds time.Unix as a producer of time.Time, unless the
// detective already has one.
func (p *Program) timeProducer(tn *types.TypeName, opts Options) {
	for _, op := range p.Ops {
		if len(op.Results) > 0 && types.Identical(op.Results[0], tn.Type()) && len(op.Params) > 0 {
			return
		}
	}
	if fn, ok := tn.Pkg().Scope().Lookup("Unix").(*types.Func); ok {
		p.producerOp(fn, opts)
	}
}

// shapeFields collects the fields and tags of a synthesized struct.
type shapeFields struct {
	fields []*types.Var
	tags   []string
	names  map[string]bool
}

func newField(name string, t types.Type) *types.Var {
	return types.NewField(0, nil, name, t, false)
}

func (b *shapeFields) add(name string, t types.Type, tag string) {
	if b.names == nil {
		b.names = map[string]bool{}
	}
	if b.names[name] {
		return
	}
	b.names[name] = true
	b.fields = append(b.fields, newField(name, t))
	b.tags = append(b.tags, tag)
}

// tagged adds, for each tag key the package reads (at most two), a field
// named by each word it compares against (key:"ignore", key:"-"), one
// with the word as an option (key:",omitempty") and one renamed by a
// word it does not compare against (key:"renamed").
func (b *shapeFields) tagged(u *ReflectUse) {
	keys := u.TagKeys
	if len(keys) > 2 {
		keys = keys[:2]
	}
	for _, key := range keys {
		prefix := ""
		if len(keys) > 1 {
			prefix = exportedName(key)
		}
		b.add(prefix+"Renamed", types.Typ[types.String], key+`:"renamed"`)
		for _, w := range u.Words {
			if w == "-" {
				b.add(prefix+"Skipped", types.Typ[types.String], key+`:"-"`)
				continue
			}
			name := prefix + exportedName(w)
			b.add(name, types.Typ[types.String], key+`:"`+w+`"`)
			b.add(name+"Opt", types.Typ[types.Int], key+`:",`+w+`"`)
		}
	}
}

// exportedName turns a tag word into a field name: omit_empty becomes
// OmitEmpty.
func exportedName(w string) string {
	var sb strings.Builder
	up := true
	for _, r := range w {
		if r == '_' {
			up = true
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		sb.WriteRune(r)
	}
	if sb.Len() == 0 || !unicode.IsLetter([]rune(sb.String())[0]) {
		return "F" + sb.String()
	}
	return sb.String()
}
