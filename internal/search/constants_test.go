package search

import (
	"go/types"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/analyzers/constpool"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
	"github.com/gentest-go/gentest/internal/seq"
)

func k(kind, value string, count int, origin constpool.Origin) constpool.Const {
	return constpool.Const{Kind: kind, Value: value, Type: kind, Count: count, Origin: origin}
}

// The global pool weighs each constant of the target by TF-IDF over the
// corpus of N packages: count · ln(1 + N/df), df the packages holding it.
//
// This is the classic idf, which favours constants few packages use. GRT's
// "modified" TF-IDF, tf · log((|D|+1)/(|D|+1-df)), grows with df instead
// and would favour 7 below (3·ln 4 = 4.16) over 42 (2·ln(4/3) = 0.58); the
// test pins the formula the code documents.
func TestConstantsTFIDF(t *testing.T) {
	prog := testProgram(t)
	lit := constpool.Literal
	target := &constpool.PackageConsts{Consts: []constpool.Const{
		k(constpool.KindInt, "42", 2, lit),
		k(constpool.KindInt, "7", 3, lit),
		k(constpool.KindString, `"go"`, 1, lit),
		k(constpool.KindComplex, "(1+2i)", 5, lit), // no literal class: left out
	}}
	other1 := &constpool.PackageConsts{Consts: []constpool.Const{
		k(constpool.KindInt, "7", 1, lit),
		{Kind: constpool.KindInt, Value: "7", Type: "example.com/q.Size", Count: 1}, // same value again: one package
		k(constpool.KindString, `"go"`, 4, lit),
	}}
	other2 := &constpool.PackageConsts{Consts: []constpool.Const{k(constpool.KindInt, "7", 1, lit)}}
	c := NewConstants(prog, target, []*constpool.PackageConsts{target, other1, other2}, nil)

	w42 := 2 * math.Log(1+3.0/1) // 2.7725887
	w7 := 3 * math.Log(1+3.0/3)  // 2.0794415
	wGo := 1 * math.Log(1+3.0/2) // 0.9162907
	for _, class := range []model.LitClass{model.LitInt, model.LitUint, model.LitFloat} {
		g := c.global[class]
		if g == nil || len(g.vals) != 2 {
			t.Fatalf("class %d: global pool %+v, want 42 and 7", class, g)
		}
		if g.vals[0].lit.I != 42 || g.vals[1].lit.I != 7 {
			t.Errorf("class %d: values %v, %v, want 42, 7", class, g.vals[0].lit, g.vals[1].lit)
		}
		if !near(g.cum[0], w42) || !near(g.cum[1], w42+w7) {
			t.Errorf("class %d: cumulative weights %v, want [%.7f %.7f]", class, g.cum, w42, w42+w7)
		}
	}
	for _, class := range []model.LitClass{model.LitString, model.LitBytes} {
		g := c.global[class]
		if g == nil || len(g.vals) != 1 || g.vals[0].lit.S != "go" || !near(g.cum[0], wGo) {
			t.Errorf("class %d: global pool %+v, want \"go\" with weight %.7f", class, g, wGo)
		}
	}
	if c.global[model.LitBool] != nil {
		t.Errorf("bool pool from no bool constants")
	}

	// pick draws from the global pool in proportion to the weights: 42
	// and 7 come out (unfuzzed) in the ratio w42/w7 = 1.333.
	rng := testRand(9)
	other := modeltest.OpOfKind(t, prog, model.Call, "Other")
	n42, n7 := 0, 0
	for i := 0; i < 30000; i++ {
		l, ok := c.pick(rng, other, types.Typ[types.Int], model.LitInt)
		if !ok {
			continue
		}
		switch l.I {
		case 42:
			n42++
		case 7:
			n7++
		}
	}
	if ratio := float64(n42) / float64(n7); math.Abs(ratio-w42/w7) > 0.12 {
		t.Errorf("42 drawn %d times, 7 %d times: ratio %.3f, want %.3f", n42, n7, ratio, w42/w7)
	}
}

// An operation's own constants are drawn from its local pool with
// probability PLocal; other operations never see them.
func TestConstantsLocalPool(t *testing.T) {
	prog := testProgram(t)
	scale := modeltest.OpOfKind(t, prog, model.Call, "Scale")
	other := modeltest.OpOfKind(t, prog, model.Call, "Other")
	target := &constpool.PackageConsts{Consts: []constpool.Const{k(constpool.KindString, `"s"`, 1, constpool.Literal)}}
	facts := func(fn *types.Func) *constpool.FuncConsts {
		if fn.Name() == "Scale" {
			return &constpool.FuncConsts{Consts: []constpool.Const{k(constpool.KindInt, "777", 1, constpool.Literal)}}
		}
		return nil
	}
	c := NewConstants(prog, target, []*constpool.PackageConsts{target}, facts)
	if len(c.local) != 1 || len(c.local[scale.ID][model.LitInt]) != 1 {
		t.Fatalf("local pools %v, want Scale's 777 only", c.local)
	}
	rng := testRand(2)
	const n = 20000
	picked, exact := 0, 0
	for i := 0; i < n; i++ {
		l, ok := c.pick(rng, scale, types.Typ[types.Int], model.LitInt)
		if ok {
			picked++
			if l.I == 777 {
				exact++
			}
		}
		if _, ok := c.pick(rng, other, types.Typ[types.Int], model.LitInt); ok {
			t.Fatalf("Other drew from Scale's local pool")
		}
	}
	if f := float64(picked) / n; math.Abs(f-PLocal) > 0.015 {
		t.Errorf("local pool used %.3f of the time, want PLocal = %.2f", f, PLocal)
	}
	// Unfuzzed with probability 1-PFuzz.
	if f := float64(exact) / float64(picked); math.Abs(f-(1-PFuzz)) > 0.03 {
		t.Errorf("%.3f of the local draws are 777 itself, want about %.2f", f, 1-PFuzz)
	}
}

// A constant the code compares against yields its boundary neighbours
// c-1 and c+1 a third of the time; a constant it does not compare
// against almost never does (only by Gaussian fuzzing).
func TestConstantsBoundaryValues(t *testing.T) {
	rng := testRand(4)
	c := &Constants{}
	count := func(v cval, class model.LitClass) map[int64]int {
		m := map[int64]int{}
		for i := 0; i < 30000; i++ {
			l := c.vary(rng, v, class)
			if l.Kind != seq.LitInt {
				t.Fatalf("vary(%v) gave a %d literal, want an int", v.lit, l.Kind)
			}
			m[l.I]++
		}
		return m
	}
	m := count(cval{lit: seq.Lit{Kind: seq.LitInt, I: 50}, compared: true}, model.LitInt)
	for _, b := range []int64{49, 51} {
		if f := float64(m[b]) / 30000; math.Abs(f-1.0/6) > 0.015 {
			t.Errorf("compared 50: %d drawn %.3f of the time, want 1/6", b, f)
		}
	}
	m = count(cval{lit: seq.Lit{Kind: seq.LitInt, I: 50}}, model.LitInt)
	if f := float64(m[49]+m[51]) / 30000; f > 0.02 {
		t.Errorf("uncompared 50: neighbours drawn %.3f of the time, want only rare Gaussian hits", f)
	}
	if f := float64(m[50]) / 30000; math.Abs(f-(1-PFuzz)) > 0.02 {
		t.Errorf("uncompared 50: kept %.3f of the time, want about %.2f", f, 1-PFuzz)
	}

	// Floats move by a relative 1e-9.
	lo, hi := 0, 0
	for i := 0; i < 3000; i++ {
		l := c.vary(rng, cval{lit: seq.Lit{Kind: seq.LitFloat, F: 2.5}, compared: true}, model.LitFloat)
		switch l.F {
		case 2.5 - 2.5e-9:
			lo++
		case 2.5 + 2.5e-9:
			hi++
		}
	}
	if lo == 0 || hi == 0 {
		t.Errorf("compared 2.5: neighbours 2.5∓2.5e-9 drawn %d and %d times, want both", lo, hi)
	}

	// The literal fits the parameter's class: a negative int for a uint
	// parameter becomes its absolute value, an int for a float parameter
	// a float, a string for []byte bytes.
	rng = testRand(4)
	for i := 0; i < 200; i++ {
		l := c.vary(rng, cval{lit: seq.Lit{Kind: seq.LitInt, I: -5, Name: "p.Minus"}}, model.LitUint)
		if l.Kind != seq.LitUint || (l.U > 100 && l.U != 5) {
			t.Fatalf("-5 for a uint: %+v, want a LitUint", l)
		}
		if f := c.vary(rng, cval{lit: seq.Lit{Kind: seq.LitInt, I: 3}}, model.LitFloat); f.Kind != seq.LitFloat {
			t.Fatalf("3 for a float: %+v, want a LitFloat", f)
		}
		if b := c.vary(rng, cval{lit: seq.Lit{Kind: seq.LitString, S: "ab"}}, model.LitBytes); b.Kind != seq.LitBytes {
			t.Fatalf(`"ab" for []byte: %+v, want LitBytes`, b)
		}
	}
}

// A parameter of an enum type gets the enum's members, with their names
// for the emitter, with probability PEnum.
func TestConstantsEnums(t *testing.T) {
	prog := testProgram(t)
	paint := modeltest.OpOfKind(t, prog, model.Call, "Paint")
	target := &constpool.PackageConsts{Enums: []constpool.Enum{{
		Type: "example.com/p.Color", Kind: constpool.KindInt,
		Members: []constpool.EnumMember{
			{Name: "example.com/p.Red", Value: "0"}, {Name: "example.com/p.Green", Value: "1"}, {Name: "example.com/p.Blue", Value: "2"},
		},
	}}}
	c := NewConstants(prog, target, []*constpool.PackageConsts{target}, nil)
	color := modeltest.Type(t, prog, "Color")
	rng := testRand(6)
	want := map[string]int64{"example.com/p.Red": 0, "example.com/p.Green": 1, "example.com/p.Blue": 2}
	seen := map[string]int{}
	const n = 10000
	named := 0
	for i := 0; i < n; i++ {
		l, ok := c.pick(rng, paint, color, model.LitInt)
		if !ok || l.Name == "" {
			continue
		}
		named++
		if v, ok := want[l.Name]; !ok || l.Kind != seq.LitInt || l.I != v {
			t.Fatalf("enum member %+v: name and value do not match", l)
		}
		seen[l.Name]++
	}
	if f := float64(named) / n; math.Abs(f-PEnum) > 0.02 {
		t.Errorf("enum members drawn %.3f of the time, want PEnum = %.2f", f, PEnum)
	}
	if len(seen) != 3 {
		t.Errorf("members drawn: %v, want all three", seen)
	}
	// A plain int parameter does not get them.
	for i := 0; i < 1000; i++ {
		if l, _ := c.pick(rng, paint, types.Typ[types.Int], model.LitInt); l.Name != "" {
			t.Fatalf("an int parameter got enum member %s", l.Name)
		}
	}
}

// The characters composed into strings are rune constants and the
// punctuation the code compares against; plain small integers are not
// characters.
func TestConstantsChars(t *testing.T) {
	prog := testProgram(t)
	target := &constpool.PackageConsts{Consts: []constpool.Const{
		k(constpool.KindRune, "'*'", 1, constpool.Literal),
		k(constpool.KindRune, "'A'", 1, constpool.Literal),
		k(constpool.KindInt, "46", 1, constpool.Compared),  // '.', compared
		k(constpool.KindInt, "45", 1, constpool.Literal),   // '-', only a literal
		k(constpool.KindInt, "66", 1, constpool.Compared),  // 'B', not punctuation
		k(constpool.KindInt, "10", 1, constpool.Switch),    // '\n', a switch case
		k(constpool.KindRune, "'é'", 1, constpool.Literal), // not ASCII
	}}
	c := NewConstants(prog, target, []*constpool.PackageConsts{target}, nil)
	if want := []string{"*", "A", ".", "\n"}; !slices.Equal(c.chars, want) {
		t.Errorf("chars = %q, want %q", c.chars, want)
	}
	// Strings are then sometimes composed of them.
	rng := testRand(1)
	composed := 0
	for i := 0; i < 2000; i++ {
		l, ok := c.pick(rng, modeltest.OpOfKind(t, prog, model.Call, "Parse"), types.Typ[types.String], model.LitString)
		if ok && l.Kind == seq.LitString && l.S != "" {
			composed++
		}
	}
	if f := float64(composed) / 2000; math.Abs(f-PCompose) > 0.04 {
		t.Errorf("composed strings %.3f of the time, want PCompose = %.2f", f, PCompose)
	}
}

// Without a target pool (constpool did not run) nothing is mined, and a
// nil *Constants picks nothing.
func TestConstantsEmpty(t *testing.T) {
	prog := testProgram(t)
	rng := testRand(0)
	op := modeltest.OpOfKind(t, prog, model.Call, "Scale")
	c := NewConstants(prog, nil, nil, func(*types.Func) *constpool.FuncConsts {
		return &constpool.FuncConsts{Consts: []constpool.Const{k(constpool.KindInt, "1", 1, 0)}}
	})
	var none *Constants
	for i := 0; i < 100; i++ {
		if _, ok := c.pick(rng, op, types.Typ[types.Int], model.LitInt); ok {
			t.Fatal("picked a constant with no target facts")
		}
		if _, ok := none.pick(rng, op, types.Typ[types.Int], model.LitInt); ok {
			t.Fatal("a nil *Constants picked a constant")
		}
	}
}

// Only a closed enum's other values are no value a caller means: an
// integer type with two or more dense constants of its own package that
// are not bit flags.
func TestClosedEnum(t *testing.T) {
	members := func(pkg string, vals ...string) []constpool.EnumMember {
		var ms []constpool.EnumMember
		for i, v := range vals {
			ms = append(ms, constpool.EnumMember{Name: pkg + ".C" + strconv.Itoa(i), Value: v})
		}
		return ms
	}
	for _, tc := range []struct {
		name string
		e    constpool.Enum
		want bool
	}{
		{"go-diff's Operation", constpool.Enum{Type: "d.Operation", Kind: constpool.KindInt, Members: members("d", "-1", "0", "1")}, true},
		{"an iota enum", constpool.Enum{Type: "p.Color", Kind: constpool.KindInt, Members: members("p", "0", "1", "2", "3", "4")}, true},
		{"a uint enum of two", constpool.Enum{Type: "p.Mode", Kind: constpool.KindUint, Members: members("p", "1", "2")}, true},
		{"one constant", constpool.Enum{Type: "rate.Limit", Kind: constpool.KindInt, Members: members("rate", "9")}, false},
		{"a float quantity", constpool.Enum{Type: "rate.Limit", Kind: constpool.KindFloat, Members: members("rate", "1e308", "0")}, false},
		{"another package's type", constpool.Enum{Type: "time.Duration", Kind: constpool.KindInt, Members: members("example.com/p", "5", "10")}, false},
		{"bit flags", constpool.Enum{Type: "tabwriter.Flags", Kind: constpool.KindUint, Members: members("tabwriter", "1", "2", "4", "8", "16", "32")}, false},
		{"bit flags with none", constpool.Enum{Type: "p.Opt", Kind: constpool.KindUint, Members: members("p", "0", "1", "2", "4")}, false},
		{"a quantity with units", constpool.Enum{Type: "p.Size", Kind: constpool.KindInt, Members: members("p", "1024", "1048576")}, false},
		{"levels with gaps", constpool.Enum{Type: "p.Level", Kind: constpool.KindInt, Members: members("p", "10", "100")}, false},
		{"strings", constpool.Enum{Type: "p.Name", Kind: constpool.KindString, Members: members("p", "a", "b")}, false},
	} {
		if got := closedEnum(tc.e); got != tc.want {
			t.Errorf("%s: closedEnum = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// An operation whose code compares len(x) with a constant draws, for a
// byte-slice parameter, zero bytes of about that length (c-1 to c+2)
// with probability PLength: a decoder's fixed header is that long, and
// the unchecked reads after it are reached only by inputs of that size
// (issue 32, pion/dtls's ServerHello.Unmarshal). A constant compared
// with something else, and an operation with no length check, give no
// such slices.
func TestConstantsLengthBytes(t *testing.T) {
	prog := testProgram(t)
	scale := modeltest.OpOfKind(t, prog, model.Call, "Scale")
	other := modeltest.OpOfKind(t, prog, model.Call, "Other")
	target := &constpool.PackageConsts{Consts: []constpool.Const{k(constpool.KindString, `"s"`, 1, constpool.Literal)}}
	facts := func(fn *types.Func) *constpool.FuncConsts {
		switch fn.Name() {
		case "Scale":
			return &constpool.FuncConsts{Consts: []constpool.Const{k(constpool.KindInt, "34", 1, constpool.Length), k(constpool.KindInt, "2000", 1, constpool.Length)}}
		case "Other":
			return &constpool.FuncConsts{Consts: []constpool.Const{k(constpool.KindInt, "34", 1, constpool.Compared)}}
		}
		return nil
	}
	c := NewConstants(prog, target, []*constpool.PackageConsts{target}, facts)
	bytesT := types.NewSlice(types.Typ[types.Byte])
	rng := testRand(3)
	const n = 20000
	sized := map[int]int{}
	for i := 0; i < n; i++ {
		if l, ok := c.pick(rng, scale, bytesT, model.LitBytes); ok && len(l.S) >= 33 && strings.Trim(l.S, "\x00") == "" {
			sized[len(l.S)]++
		}
		if l, ok := c.pick(rng, other, bytesT, model.LitBytes); ok && len(l.S) >= 33 {
			t.Fatalf("Other, which checks no length, drew %d bytes", len(l.S))
		}
	}
	total := 0
	for m := 33; m <= 36; m++ {
		if sized[m] == 0 {
			t.Errorf("no %d zero bytes drawn for Scale (drawn: %v)", m, sized)
		}
		total += sized[m]
	}
	if len(sized) != 4 {
		t.Errorf("lengths drawn %v, want only 33..36 (2000 is past maxLengthBytes)", sized)
	}
	if f := float64(total) / n; math.Abs(f-PLength) > 0.015 {
		t.Errorf("length-sized bytes drawn %.3f of the time, want PLength = %.2f", f, PLength)
	}
}
