package construct

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/gentest-go/gentest/internal/typename"
)

// Roots of a [Path] other than parameters, which are numbered from 0
// (receiver excluded, as in purity's facts).
const (
	RootRecv   = -1 // the receiver of a method
	RootResult = -2 // the object the function returns (constructors, copy builders)
	RootTarget = -3 // the object an option configures when it is applied
)

// StepKind is the kind of a [Step].
type StepKind uint8

// The kinds of steps.
const (
	FieldStep    StepKind = iota + 1 // .Name: a struct field, through pointers
	ElemStep                         // [i]: an element of a slice, array or string
	MapValueStep                     // [k]: the value of a map entry
	MapKeyStep                       // keys(x): a key of a map (ranged over)
	LenStep                          // len(x)
	CapStep                          // cap(x)
	DerefStep                        // *x: the value a pointer points to
)

var stepKindNames = [...]string{
	FieldStep: "field", ElemStep: "elem", MapValueStep: "mapvalue",
	MapKeyStep: "mapkey", LenStep: "len", CapStep: "cap", DerefStep: "deref",
}

// String returns the kind's name: field, elem, mapvalue, mapkey, len, cap
// or deref.
func (k StepKind) String() string {
	if int(k) < len(stepKindNames) && stepKindNames[k] != "" {
		return stepKindNames[k]
	}
	return "step" + strconv.Itoa(int(k))
}

// Step is one selection on the way from a root to a value. Field selection
// goes through pointers implicitly, as in Go: recv.Inner.Strict is the
// Strict field of the struct recv.Inner points to.
type Step struct {
	Kind StepKind
	// Field is the field's index in its struct and Name its name
	// (FieldStep only; for an embedded field, the type's name).
	Field int
	Name  string
	// Key is the constant index or key as a Go literal (ElemStep,
	// MapValueStep), "" when it is not a constant.
	Key string
}

// Path is an access path: a root (a parameter, the receiver, the result
// or an option's target; see RootRecv) followed by selections.
type Path struct {
	Root  int
	Steps []Step
}

// RootName names a root in paths: "recv", "result", "target", or "p0",
// "p1", ... for parameters.
func RootName(root int) string {
	switch root {
	case RootRecv:
		return "recv"
	case RootResult:
		return "result"
	case RootTarget:
		return "target"
	}
	return "p" + strconv.Itoa(root)
}

// String formats the path as a Go-like expression: recv.Inner.Strict,
// len(p0.Items), p0.Items[].Name, p1.Tags["mode"], *p0.Count.
func (p Path) String() string { return formatSteps(RootName(p.Root), p.Steps) }

// StepsString formats steps relative to an unnamed root, as field paths of
// a type are written: Inner.Strict, Items[].Name, len(Items).
func StepsString(steps []Step) string {
	s := formatSteps("", steps)
	return strings.TrimPrefix(s, ".")
}

func formatSteps(root string, steps []Step) string {
	s := root
	for i, st := range steps {
		switch st.Kind {
		case FieldStep:
			s += "." + st.Name
		case ElemStep, MapValueStep:
			s += "[" + st.Key + "]"
		case MapKeyStep:
			s = "keys(" + strings.TrimPrefix(s, ".") + ")"
		case LenStep:
			s = "len(" + strings.TrimPrefix(s, ".") + ")"
		case CapStep:
			s = "cap(" + strings.TrimPrefix(s, ".") + ")"
		case DerefStep:
			if i == len(steps)-1 {
				s = "*" + strings.TrimPrefix(s, ".")
			} else {
				s = "(*" + strings.TrimPrefix(s, ".") + ")"
			}
		}
	}
	return s
}

// HasPrefix reports whether p starts with the root and steps of q (keys
// compared only when both are constant), so that a write to q covers a
// read of p: a write of recv.Items covers a read of len(recv.Items) or of
// recv.Items[].Name.
func (p Path) HasPrefix(q Path) bool {
	if p.Root != q.Root || len(q.Steps) > len(p.Steps) {
		return false
	}
	for i, s := range q.Steps {
		t := p.Steps[i]
		if s.Kind != t.Kind || s.Field != t.Field {
			return false
		}
		if s.Key != "" && t.Key != "" && s.Key != t.Key {
			return false
		}
	}
	return true
}

// Branches is the object fact on an exported function or method: the
// branch conditions whose outcome depends on its parameters and receiver,
// including those of package-local callees it passes them to.
type Branches struct {
	Branches []Branch // by File, Line, Col, In
}

// AFact marks Branches as an analysis fact.
func (*Branches) AFact() {}

// Branch is one conditional branch (an SSA If) and the access paths its
// condition depends on.
type Branch struct {
	// File (base name), Line and Col locate the condition.
	File      string
	Line, Col int
	// In is the qualified name of the package-local function containing
	// the branch when it is not the function itself: a helper reached
	// with the function's inputs as arguments (at most MaxDepth calls
	// deep), or a function literal.
	In   string
	Deps []Dep // by Path, then Op, Const, Via
}

// Pos formats the branch's position as file.go:line:col.
func (b Branch) Pos() string {
	return b.File + ":" + strconv.Itoa(b.Line) + ":" + strconv.Itoa(b.Col)
}

// Dep says that a branch condition depends on the value at Path, and how.
// The condition is normalised so that the path is the left operand:
//
//	p.N > 3         Op ">"   Const "3"
//	3 < p.N         Op ">"   Const "3"
//	p.Inner != nil  Op "!="  Const "nil"
//	p.Enabled       Op "=="  Const "true"
//	_, ok := p.M[k] Op "has" Const k (if constant)
//	_, ok := p.X.(T) Op "is" Const "T"
//	p.Min < p.Max   Op "<"   Const ""  (and a second Dep for p.Max, Op ">")
type Dep struct {
	Path Path
	// Op is "==", "!=", "<", "<=", ">" or ">=", "has" (a comma-ok map
	// lookup finds the key) or "is" (a comma-ok type assertion succeeds).
	Op string
	// Const is the other operand when it is a constant, as a Go literal
	// ("3", "nil", "true", `"fast"`); for "is", the asserted type.
	Const string
	// Exact is set when the compared value is the path's value itself,
	// not derived from it by arithmetic or a call.
	Exact bool
	// Via is the qualified name of the function (outside the package, or
	// called through an interface or function value) whose result was
	// compared, when the path reaches the condition through one:
	// strconv.Atoi for `n, err := strconv.Atoi(p.Port); if err != nil`.
	Via string
}

// String formats the dependency: recv.Inner.Strict==true, len(p0.Items)>0,
// ~p0.N>10 (inexact), strconv.Atoi(p0.Port)!=nil (through a call),
// p0.Tags has "mode", p0 is *a.Circle. An operand that is not a constant
// is written _.
func (d Dep) String() string {
	s := d.Path.String()
	if d.Via != "" {
		s = typename.Short(d.Via) + "(" + s + ")"
	} else if !d.Exact {
		s = "~" + s
	}
	c := d.Const
	if c == "" {
		c = "_"
	}
	if d.Op == "has" || d.Op == "is" {
		if d.Const == "" {
			return s + " " + d.Op
		}
		return s + " " + d.Op + " " + typename.Short(c)
	}
	return s + d.Op + c
}

// String formats the branch: file.go:12{dep dep}, or file.go:30@a.check{dep}
// for a branch of another function.
func (b Branch) String() string {
	var sb strings.Builder
	sb.WriteString(b.File + ":" + strconv.Itoa(b.Line))
	if b.In != "" {
		sb.WriteString("@" + typename.Short(b.In))
	}
	sb.WriteString("{")
	for i, d := range b.Deps {
		if i > 0 {
			sb.WriteString(" ")
		}
		sb.WriteString(d.String())
	}
	sb.WriteString("}")
	return sb.String()
}

// String lists the branches separated by spaces.
func (f *Branches) String() string {
	parts := make([]string, len(f.Branches))
	for i, b := range f.Branches {
		parts[i] = b.String()
	}
	return strings.Join(parts, " ")
}

// FuncJSON returns the fact's key for gentest facts -json: "construct",
// whose value prints as {"branches": [...]} in JSON and as String in text.
func (f *Branches) FuncJSON() map[string]any { return map[string]any{"construct": f} }

// MarshalJSON encodes the fact as {"branches": [{"pos", "in", "deps":
// [{"path", "root", "steps", "op", "const", "exact", "via"}]}]}.
func (f *Branches) MarshalJSON() ([]byte, error) {
	bs := make([]any, 0, len(f.Branches))
	for _, b := range f.Branches {
		deps := make([]any, 0, len(b.Deps))
		for _, d := range b.Deps {
			m := pathJSON(d.Path)
			m["op"] = d.Op
			m["exact"] = d.Exact
			if d.Const != "" {
				m["const"] = d.Const
			}
			if d.Via != "" {
				m["via"] = d.Via
			}
			deps = append(deps, m)
		}
		m := map[string]any{"pos": b.Pos(), "deps": deps}
		if b.In != "" {
			m["in"] = b.In
		}
		bs = append(bs, m)
	}
	return json.Marshal(map[string]any{"branches": bs})
}

func pathJSON(p Path) map[string]any {
	return map[string]any{"path": p.String(), "root": p.Root, "steps": stepsJSON(p.Steps)}
}

func stepsJSON(steps []Step) []any {
	out := make([]any, 0, len(steps))
	for _, s := range steps {
		m := map[string]any{"kind": s.Kind.String()}
		if s.Kind == FieldStep {
			m["name"] = s.Name
			m["field"] = s.Field
		}
		if s.Key != "" {
			m["key"] = s.Key
		}
		out = append(out, m)
	}
	return out
}

// Package is the package fact: how values of the package's exported named
// types are built. Importers read it to construct arguments of these types;
// the analyzer's [Result] holds the same for every type, exported or not.
type Package struct {
	Types []Type // by Name
}

// AFact marks Package as an analysis fact.
func (*Package) AFact() {}

// String lists the types, one per line, in the form of [Type.String].
func (p *Package) String() string {
	parts := make([]string, len(p.Types))
	for i, t := range p.Types {
		parts[i] = t.String()
	}
	return strings.Join(parts, "\n")
}

// PackageJSON returns the fact's key for gentest facts -json: "construct",
// whose value prints as {"types": [...]} in JSON and as String in text.
func (p *Package) PackageJSON() map[string]any { return map[string]any{"construct": p} }

// MarshalJSON encodes the fact as {"types": [{"name", "kind", "literal",
// "fields", "option_of", "constructors", "options", "setters", "vars",
// "consts"}]}; see [Type].
func (p *Package) MarshalJSON() ([]byte, error) {
	ts := make([]any, 0, len(p.Types))
	for _, t := range p.Types {
		m := map[string]any{"name": t.Name, "kind": t.Kind, "literal": t.Literal}
		if len(t.Fields) > 0 {
			fs := make([]any, 0, len(t.Fields))
			for _, f := range t.Fields {
				fm := map[string]any{"path": StepsString(f.Steps), "steps": stepsJSON(f.Steps), "type": f.Type}
				if !f.Settable {
					fm["settable"] = false
				}
				fs = append(fs, fm)
			}
			m["fields"] = fs
		}
		if t.OptionOf != "" {
			m["option_of"] = t.OptionOf
		}
		for key, ops := range map[string][]Op{"constructors": t.Constructors, "options": t.Options, "setters": t.Setters} {
			if len(ops) > 0 {
				m[key] = opsJSON(ops)
			}
		}
		if len(t.Vars) > 0 {
			m["vars"] = t.Vars
		}
		if len(t.Consts) > 0 {
			m["consts"] = t.Consts
		}
		ts = append(ts, m)
	}
	return json.Marshal(map[string]any{"types": ts})
}

func opsJSON(ops []Op) []any {
	out := make([]any, 0, len(ops))
	for _, op := range ops {
		ws := make([]any, 0, len(op.Writes))
		for _, w := range op.Writes {
			m := pathJSON(w.Path)
			m["kind"] = w.Kind
			if len(w.From) > 0 {
				m["from"] = w.From
			}
			if w.Const != "" {
				m["const"] = w.Const
			}
			ws = append(ws, m)
		}
		m := map[string]any{"func": op.Func, "writes": ws}
		if op.Result != 0 {
			m["result"] = op.Result
		}
		if op.Returns != "" {
			m["returns"] = op.Returns
		}
		out = append(out, m)
	}
	return out
}

// Type says how values of one named type are built.
type Type struct {
	// Name is the qualified type name, "example.com/a.Config".
	Name string
	// Kind is the kind of the underlying type: struct, interface, func,
	// map, slice, array, pointer, chan or basic.
	Kind string
	// Literal is set when another package can write a composite literal
	// of the type (an exported struct, slice, map or array type).
	Literal bool
	// Fields are the fields a composite literal and field assignments can
	// set, by path: exported fields, and through them the fields of
	// structs declared in the package (nested structs, pointers to them,
	// and the elements of slices, arrays and maps of them, also of named
	// slice and map types). The fact lists only those settable from
	// another package; the Result also lists the others. By Steps.
	Fields []Field
	// OptionOf names the type the values of an option type configure:
	// "example.com/a.options" for type Option func(*options), for
	// func(*options) error, and for an interface whose method takes
	// *options.
	OptionOf string
	// Constructors are the functions and methods returning the type or a
	// pointer to it (methods of the type returning their receiver are
	// Setters), with the fields of the result they set (root RootResult).
	Constructors []Op
	// Options are, for an option type, the functions returning an option,
	// with the fields of OptionOf its application sets (root RootTarget).
	Options []Op
	// Setters are the methods and functions that write fields of a value
	// of the type they receive (root RootRecv or a parameter), and methods
	// of a value type that return a modified copy of the receiver (root
	// RootResult, Returns "copy").
	Setters []Op
	// Vars are the qualified names of package variables of the type or a
	// pointer to it (base64.StdEncoding); Consts those of constants of the
	// type (enums). In declaration order.
	Vars   []string
	Consts []string
}

// Field is a settable field path of a type.
type Field struct {
	Steps []Step
	Type  string // the field's type, qualified
	// Settable is set when another package can set the field: every field
	// on the path is exported, and so is every pointer's element type the
	// path goes through. The fact holds only settable fields.
	Settable bool
}

// Op is a function or method that builds or configures a value, with the
// fields it writes.
type Op struct {
	// Func is the qualified name of the function or method, as
	// types.Func.FullName: "example.com/a.NewConfig",
	// "(*example.com/a.Builder).WithName".
	Func string
	// Result is the index of the result holding the built value
	// (constructors).
	Result int
	// Returns is "recv" for a method returning its pointer receiver
	// (a chainable builder: b.WithX(1).WithY(2)), "copy" for a method of
	// a value type returning a modified copy of its receiver, "" otherwise.
	Returns string
	// Writes are the fields written, by Path: for constructors rooted at
	// RootResult, for options at RootTarget, for setters at RootRecv or
	// the parameter receiving the object.
	Writes []Write
}

// Write is a write of a field (or of a map entry or slice element of one).
type Write struct {
	Path Path
	// Kind is "set" (an assignment), "put" (a map entry) or "append" (an
	// append to the field's slice).
	Kind string
	// From lists the parameters (RootRecv for the receiver) the written
	// value is computed from, sorted: the arguments that set the field.
	From []int
	// Const is the written value when it is a constant, as a Go literal.
	Const string
}

// String formats the write: result.Name=p0, recv.Items+=p0 (append),
// recv.Tags[]=p0,p1 (put), target.debug=true, recv.n=? (no source known).
func (w Write) String() string {
	op := "="
	if w.Kind == "append" {
		op = "+="
	}
	src := w.Const
	if src == "" {
		names := make([]string, len(w.From))
		for i, f := range w.From {
			names[i] = RootName(f)
		}
		src = strings.Join(names, ",")
	}
	if src == "" {
		src = "?"
	}
	return w.Path.String() + op + src
}

// String formats the operation: a.NewConfig{result.Name=p0},
// (*a.Builder).WithName{recv.name=p0}:recv.
func (o Op) String() string {
	var sb strings.Builder
	sb.WriteString(typename.Short(o.Func))
	if o.Result != 0 {
		sb.WriteString("#" + strconv.Itoa(o.Result))
	}
	sb.WriteString("{")
	for i, w := range o.Writes {
		if i > 0 {
			sb.WriteString(" ")
		}
		sb.WriteString(w.String())
	}
	sb.WriteString("}")
	if o.Returns != "" {
		sb.WriteString(":" + o.Returns)
	}
	return sb.String()
}

// String formats the type on one line: its short name and kind, then the
// non-empty sections among lit (settable fields with types), option-of,
// ctors, options, setters, vars and consts:
//
//	a.Config struct lit{Name:string Inner.Strict:bool} ctors{a.NewConfig{result.Name=p0}} vars{a.Default}
func (t Type) String() string {
	var sb strings.Builder
	sb.WriteString(typename.Short(t.Name) + " " + t.Kind)
	if t.Literal {
		sb.WriteString(" lit{")
		n := 0
		for _, f := range t.Fields {
			if !f.Settable {
				continue
			}
			if n > 0 {
				sb.WriteString(" ")
			}
			n++
			sb.WriteString(StepsString(f.Steps) + ":" + typename.Short(f.Type))
		}
		sb.WriteString("}")
	}
	if t.OptionOf != "" {
		sb.WriteString(" option-of{" + typename.Short(t.OptionOf) + "}")
	}
	ops := func(name string, ops []Op) {
		if len(ops) == 0 {
			return
		}
		sb.WriteString(" " + name + "{")
		for i, o := range ops {
			if i > 0 {
				sb.WriteString(" ")
			}
			sb.WriteString(o.String())
		}
		sb.WriteString("}")
	}
	ops("ctors", t.Constructors)
	ops("options", t.Options)
	ops("setters", t.Setters)
	names := func(name string, ns []string) {
		if len(ns) == 0 {
			return
		}
		short := make([]string, len(ns))
		for i, n := range ns {
			short[i] = typename.Short(n)
		}
		sb.WriteString(" " + name + "{" + strings.Join(short, " ") + "}")
	}
	names("vars", t.Vars)
	names("consts", t.Consts)
	return sb.String()
}
