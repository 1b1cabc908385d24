package emit

import (
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
	"github.com/gentest-go/gentest/internal/seq"
)

func TestOrdinal(t *testing.T) {
	for i, want := range map[int]string{2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 101: "101st", 111: "111th"} {
		if got := ordinal(i); got != want {
			t.Errorf("ordinal(%d) = %q, want %q", i, got, want)
		}
	}
	used := map[string]bool{}
	var got []string
	for i := 0; i < 3; i++ {
		got = append(got, uniqueSub("empty", used))
	}
	if strings.Join(got, ",") != "empty,empty_2nd,empty_3rd" {
		t.Errorf("uniqueSub thrice = %v", got)
	}
	// What tells a case apart is cut to fit, not dropped.
	if got := extendName("from_ReadAll", "NewBuffer_NewWriter_NewBufferString"); got != "from_ReadAll_NewBuffer_NewWriter" {
		t.Errorf("extendName = %q, want from_ReadAll_NewBuffer_NewWriter", got)
	}
}

// Subtest names say what tells the cases apart: texts that litWord makes
// alike are spelled in full, a method that prepared the target is named
// with its literals, a fresh receiver is "new_<type>", and no name is
// numbered.
func TestSubtestNamesDescribe(t *testing.T) {
	prog := load(t)
	b := &builder{t: t, prog: prog, key: 400}
	ctor := stmt{"NewCart", lits(num(1))}
	recv := []seq.Arg{seq.Ref(0, 0)}
	add := func(s string) stmt { return stmt{"Cart.Add", append(recv[:1:1], seq.LitArg(str(s)))} }
	cases := []*oracle.Case{
		// The texts "s!" and "s?" are both "s" to litWord.
		b.cs([]stmt{ctor, add("s!")}, nil),
		b.cs([]stmt{ctor, add("s?")}, nil),
		// The same call after another Add, and on a fresh cart.
		b.cs([]stmt{ctor, add("a"), add("x")}, nil),
		b.cs([]stmt{ctor, add("x")}, nil),
		b.cs([]stmt{ctor, {"Cart.Len", recv}}, 0),
		b.cs([]stmt{ctor, add("a"), {"Cart.Len", []seq.Arg{seq.Ref(0, 0)}}}, 1),
		b.cs([]stmt{ctor, add("a"), add("a"), {"Cart.Len", []seq.Arg{seq.Ref(0, 0)}}}, 2),
	}
	r := newRenderer(prog, Options{})
	names := r.subtestNames(cases[:4], map[string]bool{})
	if names[0] != "s_bang" || names[1] != "s_question" {
		t.Errorf("names of Add(\"s!\") and Add(\"s?\") = %q, %q; want s_bang, s_question", names[0], names[1])
	}
	// NewCart(1), before both, tells them nothing apart: left out.
	if names[2] != "x_Add_a" || names[3] != "x" {
		t.Errorf("Add(\"x\") after Add(\"a\") and alone: %q, %q; want x_Add_a, x", names[2], names[3])
	}
	// What tells the second and third Len apart is the second Add("a").
	lens := r.subtestNames(cases[4:], map[string]bool{})
	if strings.Join(lens, ",") != "new_cart,after_Add,after_Add_Add_a" {
		t.Errorf("Len on a fresh cart, after Add and after two = %q; want new_cart, after_Add, after_Add_Add_a", lens)
	}
}

// Table rows whose texts litWord makes alike are spelled in full.
func TestTableRowNamesExact(t *testing.T) {
	prog := load(t)
	b := &builder{t: t, prog: prog, key: 500}
	out, err := Render(prog, []*oracle.Case{
		b.cs(one("ParseCents", str("1!")), skip{}, errText(`p: bad amount "1!"`)),
		b.cs(one("ParseCents", str("1?")), skip{}, errText(`p: bad amount "1?"`)),
	}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestParseCents", funcSrc(t, out.Src, "TestParseCents"), `{name: "1_bang", `, `{name: "1_question", `)
}

// A subtest is named after the calls its body shows: a pure call whose
// result nothing reads is left out of the test (planBody), so it names
// nothing (issue 31's review: names from dropped calls). Hit after an
// unread Hits() is "new_session", where it read "after_Hits"; after a
// Reset, which changes the session and stays, it is "after_Reset".
func TestSubtestNamesSkipDroppedCalls(t *testing.T) {
	prog := loadReadable(t)
	ref := func(i int) []seq.Arg { return []seq.Arg{seq.Ref(i, 0)} }
	sess := stmt{"NewSession", lits(str("ann"))}
	dropped := &oracle.Case{Seq: mk(t, prog, sess, stmt{"Session.Hits", ref(0)}, stmt{"Session.Hit", ref(0)}), Target: 2, Key: 1}
	kept := &oracle.Case{Seq: mk(t, prog, sess, stmt{"Session.Reset", ref(0)}, stmt{"Session.Hit", ref(0)}), Target: 2, Key: 2}
	r := newRenderer(prog, Options{})
	got := r.subtestNames([]*oracle.Case{dropped, kept}, map[string]bool{})
	if want := []string{"new_session", "after_Reset"}; !slices.Equal(got, want) {
		t.Errorf("subtest names = %q, want %q", got, want)
	}
}

// A test that ends in a composite literal of an unnamed type is named
// after the type in one identifier: its operation's name,
// []example.com/p.Shape, is no Go and cost the whole test.
func TestTestNameUnnamedComposite(t *testing.T) {
	pkg := types.NewPackage("example.com/p", "p")
	shape := types.NewNamed(types.NewTypeName(0, pkg, "Shape", nil), types.NewInterfaceType(nil, nil), nil)
	str, i := types.Typ[types.String], types.Typ[types.Int]
	for _, tc := range []struct {
		t    types.Type
		want string
	}{
		{types.NewSlice(shape), "TestShapeSlice"},
		{types.NewMap(str, i), "TestStringIntMap"},
		{types.NewArray(types.NewPointer(shape), 2), "TestShapeArray"},
		{types.NewSlice(types.Universe.Lookup("any").Type()), "TestAnySlice"},
	} {
		op := &model.Op{Kind: model.Composite, Name: types.TypeString(tc.t, nil), Type: tc.t}
		if got := testName(op); got != tc.want {
			t.Errorf("testName(%s) = %q, want %q", op.Name, got, tc.want)
		}
	}
}
