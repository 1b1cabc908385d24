package constpool

import (
	"fmt"
	"go/constant"
	"go/token"
	"slices"
	"strconv"
	"strings"
)

// Kinds of [Const], named after the Go type families a generator must
// produce a value of.
const (
	KindInt     = "int"
	KindUint    = "uint"
	KindFloat   = "float"
	KindComplex = "complex"
	KindString  = "string"
	KindBool    = "bool"
	KindRune    = "rune"
)

// Origin records where and how a constant was seen, as a set of flags.
type Origin uint16

// Origin flags.
const (
	Literal   Origin = 1 << iota // an operand in a function body or initializer (after folding)
	Declared                     // a package-level constant declaration
	Compared                     // compared against with ==, !=, <, <=, >, >=
	Switch                       // a case value of an expression switch
	StringArg                    // an argument of a strings/bytes search or trim function
	Length                       // compared with len(x)
)

var originNames = []string{"literal", "declared", "compared", "switch", "stringarg", "length"}

// Names returns the names of the flags set in o, in flag order.
func (o Origin) Names() []string {
	var names []string
	for i, name := range originNames {
		if o&(1<<i) != 0 {
			names = append(names, name)
		}
	}
	return names
}

// String joins the flag names with "|".
func (o Origin) String() string { return strings.Join(o.Names(), "|") }

// Const is one constant of a pool.
//
// Consts with the same Kind, Type, Value and Name are the same pool entry;
// [Merge] sums their counts.
type Const struct {
	// Kind is one of the Kind constants. Byte-typed values are "uint";
	// "rune" is used for values of type rune.
	Kind string
	// Value is a Go literal for the value: decimal integers, floats in
	// strconv 'g' form (of the type's bit size), quoted strings and runes,
	// true/false, and (re+imi) for complex numbers. [Const.Constant] parses it.
	Value string
	// Type is the qualified name of the constant's type when it is a named
	// type ("example.com/enums.Color"), else the basic type name ("int",
	// "string", "byte", "rune").
	Type string
	// Name is the qualified name of a declared constant with this value and
	// type ("example.com/enums.Blue"), if any: set for declarations and for
	// values of enum types.
	Name string
	// Count is the number of uses (SSA operands, plus one per declaration).
	Count int
	// Ops are the comparison operators the constant is the right operand
	// of, sorted.
	Ops []string
	// LenOps are the operators of comparisons len(x) op constant, sorted.
	LenOps []string
	// Funcs are the qualified strings/bytes functions the constant is passed
	// to ("strings.HasPrefix"), sorted.
	Funcs []string
	// Origin tells where and how the constant was seen.
	Origin Origin
}

func (c Const) key() string {
	return c.Kind + "\x00" + c.Type + "\x00" + c.Value + "\x00" + c.Name
}

// String formats c compactly for tests and debugging:
//
//	8443:int ==,>   "v":string strings.HasPrefix   2:enums.Color=enums.Blue x3 switch
//
// Package paths are shortened to their last element.
func (c Const) String() string {
	var b strings.Builder
	b.WriteString(c.Value)
	b.WriteString(":")
	b.WriteString(shortName(c.Type))
	if c.Name != "" {
		b.WriteString("=")
		b.WriteString(shortName(c.Name))
	}
	if c.Count > 1 {
		fmt.Fprintf(&b, " x%d", c.Count)
	}
	if len(c.Ops) > 0 {
		b.WriteString(" " + strings.Join(c.Ops, ","))
	}
	if len(c.LenOps) > 0 {
		b.WriteString(" len" + strings.Join(c.LenOps, ",len"))
	}
	if len(c.Funcs) > 0 {
		b.WriteString(" " + strings.Join(c.Funcs, ","))
	}
	if c.Origin&Switch != 0 {
		b.WriteString(" switch")
	}
	return b.String()
}

// shortName turns "example.com/x/enums.Blue" into "enums.Blue".
func shortName(qualified string) string {
	dot := strings.LastIndex(qualified, ".")
	if dot < 0 {
		return qualified
	}
	if slash := strings.LastIndex(qualified[:dot], "/"); slash >= 0 {
		return qualified[slash+1:]
	}
	return qualified
}

// Constant parses c.Value back into a constant.Value.
func (c Const) Constant() (constant.Value, error) {
	switch c.Kind {
	case KindBool:
		b, err := strconv.ParseBool(c.Value)
		if err != nil {
			return nil, fmt.Errorf("constpool: bad bool %q: %w", c.Value, err)
		}
		return constant.MakeBool(b), nil
	case KindComplex:
		// (re+imi): parse both parts, then combine.
		s := strings.TrimSuffix(strings.TrimPrefix(c.Value, "("), "i)")
		i := strings.LastIndexAny(s, "+-")
		for i > 0 && (s[i-1] == 'e' || s[i-1] == 'E') {
			i = strings.LastIndexAny(s[:i], "+-")
		}
		if i <= 0 {
			return nil, fmt.Errorf("constpool: bad complex %q", c.Value)
		}
		re, err := parseLit(token.FLOAT, s[:i])
		if err != nil {
			return nil, err
		}
		im, err := parseLit(token.FLOAT, s[i:])
		if err != nil {
			return nil, err
		}
		return constant.BinaryOp(re, token.ADD, constant.MakeImag(im)), nil
	case KindString:
		return parseLit(token.STRING, c.Value)
	case KindRune:
		return parseLit(token.CHAR, c.Value)
	case KindFloat:
		return parseLit(token.FLOAT, c.Value)
	default:
		return parseLit(token.INT, c.Value)
	}
}

func parseLit(tok token.Token, lit string) (constant.Value, error) {
	neg := false
	if tok == token.INT || tok == token.FLOAT {
		lit, neg = strings.CutPrefix(lit, "-")
		lit = strings.TrimPrefix(lit, "+")
	}
	if tok == token.FLOAT && (lit == "+Inf" || lit == "Inf" || lit == "NaN") {
		return nil, fmt.Errorf("constpool: value %q is not a constant", lit)
	}
	v := constant.MakeFromLiteral(lit, tok, 0)
	if v.Kind() == constant.Unknown {
		return nil, fmt.Errorf("constpool: bad %s literal %q", tok, lit)
	}
	if neg {
		v = constant.UnaryOp(token.SUB, v, 0)
	}
	return v, nil
}

// FuncConsts is the object fact on a function or method: the constants its
// body, including its function literals, uses.
type FuncConsts struct {
	Consts []Const // sorted by Type, Kind, value, Name
}

// AFact marks FuncConsts as an analysis fact.
func (*FuncConsts) AFact() {}

// String lists the pool, comma-separated, in the form of [Const.String].
func (f *FuncConsts) String() string { return joinConsts(f.Consts) }

// FuncJSON returns the fact's keys for gentest facts -json.
func (f *FuncConsts) FuncJSON() map[string]any {
	return map[string]any{"constants": constsJSON(f.Consts)}
}

// PackageConsts is the package fact: the package-wide pool and the enums
// declared in the package.
type PackageConsts struct {
	// Consts is the union of the function pools, the constants of
	// package-level variable initializers and the package's constant
	// declarations, sorted like FuncConsts.Consts.
	Consts []Const
	// Enums are the enum types that have constants declared in this
	// package, sorted by Type. A type's constants may be spread over
	// several packages; union the facts by Type (see [EnumsByType]).
	Enums []Enum
}

// AFact marks PackageConsts as an analysis fact.
func (*PackageConsts) AFact() {}

// String summarizes the fact: counts, then each enum.
func (p *PackageConsts) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d consts", len(p.Consts))
	for _, e := range p.Enums {
		b.WriteString("; ")
		b.WriteString(e.String())
	}
	return b.String()
}

// PackageJSON returns the fact's keys for gentest facts -json.
func (p *PackageConsts) PackageJSON() map[string]any {
	enums := make([]any, 0, len(p.Enums))
	for _, e := range p.Enums {
		members := make([]any, 0, len(e.Members))
		for _, m := range e.Members {
			members = append(members, map[string]any{"name": m.Name, "value": m.Value})
		}
		enums = append(enums, map[string]any{"type": e.Type, "kind": e.Kind, "members": members})
	}
	return map[string]any{"constants": constsJSON(p.Consts), "enums": enums}
}

// Enum is a defined type with a basic underlying type and its constants
// declared in one package.
type Enum struct {
	Type    string       // qualified type name
	Kind    string       // the Kind of its values
	Members []EnumMember // in declaration order
}

// EnumMember is one constant of an [Enum].
type EnumMember struct {
	Name  string // qualified constant name, "example.com/enums.Blue"
	Value string // as in Const.Value
}

// String formats e as enums.Color{Red=0,Green=1}.
func (e Enum) String() string {
	parts := make([]string, len(e.Members))
	for i, m := range e.Members {
		parts[i] = m.Name[strings.LastIndex(m.Name, ".")+1:] + "=" + m.Value
	}
	return shortName(e.Type) + "{" + strings.Join(parts, ",") + "}"
}

// NameOf returns the qualified name of a member with the given value,
// preferring exported names and then declaration order, or "" if none.
func (e Enum) NameOf(value string) string {
	name := ""
	for _, m := range e.Members {
		if m.Value != value {
			continue
		}
		if isExportedQualified(m.Name) {
			return m.Name
		}
		if name == "" {
			name = m.Name
		}
	}
	return name
}

func isExportedQualified(name string) bool {
	s := name[strings.LastIndex(name, ".")+1:]
	return token.IsExported(s)
}

// EnumsByType unions the enums of the given package facts by type: the
// result maps a qualified type name to all its constants, ordered by
// declaring package (in argument order) and then declaration order. It is
// what an emitter needs to write enums.Blue for a value of type Color.
func EnumsByType(facts ...*PackageConsts) map[string]Enum {
	out := make(map[string]Enum)
	for _, f := range facts {
		if f == nil {
			continue
		}
		for _, e := range f.Enums {
			u, ok := out[e.Type]
			if !ok {
				u = Enum{Type: e.Type, Kind: e.Kind}
			}
			u.Members = append(u.Members, e.Members...)
			out[e.Type] = u
		}
	}
	return out
}

// Merge unions pools: entries that are the same constant (same Kind, Type,
// Value and Name) are combined, summing counts and uniting operators,
// functions and origins. The result is sorted like the facts' pools. Merge
// is how a generator builds a global pool from package facts, or a local
// pool from function facts.
func Merge(pools ...[]Const) []Const {
	byKey := make(map[string]*Const)
	var out []*Const
	for _, pool := range pools {
		for _, c := range pool {
			k := c.key()
			m, ok := byKey[k]
			if !ok {
				m = &Const{Kind: c.Kind, Value: c.Value, Type: c.Type, Name: c.Name}
				byKey[k] = m
				out = append(out, m)
			}
			m.Count += c.Count
			m.Origin |= c.Origin
			m.Ops = union(m.Ops, c.Ops)
			m.LenOps = union(m.LenOps, c.LenOps)
			m.Funcs = union(m.Funcs, c.Funcs)
		}
	}
	res := make([]Const, len(out))
	for i, c := range out {
		res[i] = *c
	}
	sortConsts(res)
	return res
}

// union returns the sorted union of two sorted sets, nil if both are empty.
func union(a, b []string) []string {
	if len(b) == 0 {
		return a
	}
	s := append(slices.Clone(a), b...)
	slices.Sort(s)
	return slices.Compact(s)
}

// sortConsts orders a pool by Type, Kind, value (numerically for numbers)
// and Name, so that facts encode deterministically and read naturally.
func sortConsts(cs []Const) {
	slices.SortStableFunc(cs, func(a, b Const) int {
		if c := strings.Compare(a.Type, b.Type); c != 0 {
			return c
		}
		if c := strings.Compare(a.Kind, b.Kind); c != 0 {
			return c
		}
		if c := compareValues(a, b); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
}

func compareValues(a, b Const) int {
	if a.Value == b.Value {
		return 0
	}
	switch a.Kind {
	case KindInt, KindUint, KindFloat, KindRune:
		va, errA := a.Constant()
		vb, errB := b.Constant()
		if errA == nil && errB == nil {
			if constant.Compare(va, token.LSS, vb) {
				return -1
			}
			if constant.Compare(vb, token.LSS, va) {
				return 1
			}
		}
	}
	return strings.Compare(a.Value, b.Value)
}

func joinConsts(cs []Const) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, ", ")
}

func constsJSON(cs []Const) []any {
	out := make([]any, 0, len(cs))
	for _, c := range cs {
		m := map[string]any{
			"kind":   c.Kind,
			"value":  c.Value,
			"type":   c.Type,
			"count":  c.Count,
			"origin": c.Origin.Names(),
		}
		if c.Name != "" {
			m["name"] = c.Name
		}
		if len(c.Ops) > 0 {
			m["ops"] = c.Ops
		}
		if len(c.LenOps) > 0 {
			m["len_ops"] = c.LenOps
		}
		if len(c.Funcs) > 0 {
			m["funcs"] = c.Funcs
		}
		out = append(out, m)
	}
	return out
}
