package instrument

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mutSrc instruments src (file p.go) with mutants; instrumentWith checks
// that the result type-checks against the runtime.
func mutSrc(t *testing.T, src string) (string, *Table) {
	t.Helper()
	out, tab := instrumentWith(t, map[string]string{"p.go": src}, Options{Mutate: true})
	for i, m := range tab.Mutants {
		if m.ID != i+1 {
			t.Fatalf("mutant %d has ID %d", i, m.ID)
		}
	}
	return out["p.go"], tab
}

// mutLines is the table's mutants of function fn as "op orig -> repl",
// with " @cond" for those a condition's probe applies.
func mutLines(tab *Table, fn string) []string {
	var out []string
	for _, m := range tab.Mutants {
		if m.Func != fn {
			continue
		}
		s := m.Op + " " + m.Orig + " -> " + m.Repl
		if m.Cond >= 0 {
			s += fmt.Sprintf(" @%d", m.Cond)
		}
		out = append(out, s)
	}
	return out
}

// operatorsSrc has a function per operator class for TestMutateOperators.
const operatorsSrc = `package p

import "errors"

type D int

func Rel(a, b int) int {
	if a < b {
		return 1
	}
	return 2
}

func Neg(ok bool, s []int) int {
	for ok && s != nil {
		return 1
	}
	return 0
}

func Arith(a, b int, f float32) float32 { return float32(a-b) + f*1 + f }

func Konst(x int, d D, u uint8) (int, D, uint8) { return x + 2, d * 3, u + 1 }

func Remove(p *int, c []int) {
	*p = 1
	*p += 2
	*p++
	copy(c, c)
	_ = p
	n := 3
	_ = n
	defer println()
}

func Ret(x int) (*D, error) {
	if x > 0 {
		return nil, errors.New("x")
	}
	return new(D), nil
}

func Loop(xs []int) (n int) {
	for _, x := range xs {
		switch x {
		case 0:
			break
		}
		if x < 0 {
			continue
		}
		n++
	}
	return n
}

func init() { println(1 + len("a")) }

var v = 1 + len("a")
`

// operatorsWant are operatorsSrc's mutants, by function, as mutLines
// gives them.
var operatorsWant = map[string][]string{
	"Rel": {
		"extreme Rel -> return *new(int)", "extreme Rel -> return a",
		"rel-boundary a < b -> a <= b @0", "rel-negate a < b -> a >= b @0",
		"return-zero return 1 -> return *new(int)", "const 1 -> 0", "const 1 -> 2",
		"return-zero return 2 -> return *new(int)", "const 2 -> 0", "const 2 -> 3", "const 2 -> 1",
	},
	"Neg": {
		"extreme Neg -> return *new(int)",
		"logical ok && s != nil -> ok || s != nil",
		"cond-negate ok -> !(ok) @1", "cond-negate s != nil -> !(s != nil) @2",
		"return-zero return 1 -> return *new(int)", "const 1 -> 0", "const 1 -> 2",
		"const 0 -> 1", "const 0 -> -1",
	},
	"Arith": {
		"extreme Arith -> return *new(float32)", "extreme Arith -> return f",
		"return-zero return float32(a-b) + f*1 + f -> return *new(float32)",
		"arith float32(a-b) + f*1 + f -> float32(a-b) + f*1 - f",
		"arith float32(a-b) + f*1 -> float32(a-b) - f*1",
		"arith a - b -> a + b",
		// f*1 -> f/1 is equivalent: not made; its constant is.
		"const 1 -> 0", "const 1 -> 2",
	},
	"Konst": {
		"extreme Konst -> return *new(int), *new(D), *new(uint8)",
		"return-zero return x + 2, d * 3, u + 1 -> return *new(int), *new(D), *new(uint8)",
		"arith x + 2 -> x - 2", "const 2 -> 0", "const 2 -> 3", "const 2 -> 1",
		"arith d * 3 -> d / 3", "const 3 -> 0", "const 3 -> 4", "const 3 -> 2",
		"arith u + 1 -> u - 1", "const 1 -> 0", "const 1 -> 2",
	},
	"Remove": {
		"extreme Remove -> return",
		"remove *p = 1 -> ", "const 1 -> 0", "const 1 -> 2",
		"remove *p += 2 -> ", "const 2 -> 0", "const 2 -> 3", "const 2 -> 1",
		"remove *p++ -> ", "remove copy(c, c) -> ",
		"const 3 -> 0", "const 3 -> 4", "const 3 -> 2",
	},
	"Ret": {
		"extreme Ret -> return *new(*D), *new(error)",
		"rel-boundary x > 0 -> x >= 0 @3", "rel-negate x > 0 -> x <= 0 @3", "const 0 -> 1", "const 0 -> -1",
		"return-zero return nil, errors.New(\"x\") -> return *new(*D), *new(error)",
		"return-error errors.New(\"x\") -> nil <-> non-nil error",
		"return-zero return new(D), nil -> return *new(*D), *new(error)",
		"return-error nil -> nil <-> non-nil error",
	},
	"Loop": {
		"extreme Loop -> return *new(int)",
		"rel-negate x == 0 -> x != 0 @4", "const 0 -> 1", "const 0 -> -1",
		"rel-boundary x < 0 -> x <= 0 @5", "rel-negate x < 0 -> x >= 0 @5", "const 0 -> 1", "const 0 -> -1",
		"break-continue continue -> break",
		"remove n++ -> ",
		"return-zero return n -> return *new(int)",
	},
}

func TestMutateOperators(t *testing.T) {
	out, tab := mutSrc(t, operatorsSrc)
	src, want := operatorsSrc, operatorsWant
	for fn, w := range want {
		if got := mutLines(tab, fn); strings.Join(got, "\n") != strings.Join(w, "\n") {
			t.Errorf("%s: mutants\n\t%s\nwant\n\t%s", fn, strings.Join(got, "\n\t"), strings.Join(w, "\n\t"))
		}
	}
	for _, fn := range []string{"init", "glob."} {
		if got := mutLines(tab, fn); len(got) > 0 {
			t.Errorf("%s has mutants: %q", fn, got)
		}
	}
	for _, frag := range []string{
		`gentestrt_.CmpI(0, gentestrt_.OpLt, gentestrt_.Int64(a) , gentestrt_.Int64(b))`,
		`gentestrt_.MAnd(13, gentestrt_.Br(1, ok) , func() bool { return ( gentestrt_.Br(2, s != nil)) })`,
		`gentestrt_.MArF(24, gentestrt_.ArAdd, gentestrt_.MArF(25, gentestrt_.ArAdd, float32(gentestrt_.MArI(26, gentestrt_.ArSub, a,b)) , f*float32(gentestrt_.MKF(27, 3, 1))) , f)`,
		`gentestrt_.MK(`, // d * 3: D's constant takes its type from d
		`if !gentestrt_.MOn(`, `{ *p++ }`, `{ copy(c, c) }`,
		`gentestrt_.MErr(`, `{ return *new(*D), *new(error) }; return`,
		`if gentestrt_.MOn(`, `{ break }; continue`,
		"\n\t\t\tbreak\n", // a break of the switch stays
		"func init() {gentestrt_.Blk(", "println(1 + len(\"a\")) }",
	} {
		if !strings.Contains(out, frag) {
			t.Errorf("output lacks %q:\n%s", frag, out)
		}
	}
	if strings.Count(out, "\n") != strings.Count(src, "\n") {
		t.Errorf("lines moved")
	}
	// Blocks: a mutant lies in the block that reaches it.
	for _, m := range tab.Mutants {
		if m.Block < 0 {
			t.Errorf("mutant %d (%s %s) has no block", m.ID, m.Func, m.Orig)
			continue
		}
		b := tab.Blocks[m.Block]
		// A case expression is evaluated in the switch statement's block,
		// which ends at the switch's brace: only the start is checked.
		if b.Func != m.Func || m.Line < b.StartLine {
			t.Errorf("mutant %d (%s %s line %d) in block %d (%s lines %d-%d)", m.ID, m.Func, m.Orig, m.Line, m.Block, b.Func, b.StartLine, b.EndLine)
		}
	}
	if got, want := fmt.Sprint(tab.MutantConds()), "[0 3 1 14 2 15 3 56 4 65 5 68]"; !strings.HasPrefix(got, want) {
		t.Errorf("MutantConds = %s, want prefix %s", got, want)
	}
}

// TestMutateSkips: where a mutant would not compile or could not differ,
// none is made.
func TestMutateSkips(t *testing.T) {
	const src = `package p

type T int

// The result type T is shadowed inside: no zero values spelled with it
// after the local T's declaration (at the entry it is still the package's).
func Shadow(x int) T {
	type T string
	if x > 0 {
		return 1
	}
	_ = T("")
	return 2
}

// Named booleans: no logical mutants.
type B bool

func Named(a, b B) B { return a && b }

// A multi-line && keeps its right operand in the closure.
func Lines(a, b bool) bool {
	return a &&
		b
}

// So does a chain in a condition whose negated operand starts the next
// line (Masterminds/semver's constraint check: the closure returned
// nothing and the build failed with "not enough return values").
func IfLines(x, y int, d, e bool) (bool, error) {
	if x == 0 && y == 0 &&
		!d && !e {
		return true, nil
	}
	return false, nil
}

// Trivial bodies: no extreme mutants.
func Zero() (int, error) { return 0, nil }

func Empty() {}

func Same(x int) int { return x }

// Equivalent arithmetic is left alone.
func Equiv(x int, f float64) (int, float64) { return x + 0 - 0 + x*1/1 + x&x, f * 1 / -1 }

// Panics are not removed; neither are blank assignments without calls.
func Panic(x int) int {
	_ = x
	if x > 0 {
		return x
	}
	panic("no")
}

// A variable named new: no zero values spelled with new after it.
func New(x int) int {
	new := x + 1
	return new
}

// A shift's constant operand stays constant.
func Shift(n uint) int { return 1 << n }

// A continue of a loop without a condition, the last statement of a
// function with results, stays (a break would leave the function without
// a return); one of a void function's loop becomes a break.
func Endless(s string) string {
	for i := 0; ; i++ {
		if i < len(s) {
			continue
		}
		return s
	}
}

func EndlessVoid(n int) {
	for {
		if n > 0 {
			n--
			continue
		}
		return
	}
}
`
	out, tab := mutSrc(t, src)
	for _, m := range tab.Mutants {
		switch {
		case m.Func == "Shadow" && m.Op == OpReturnZero && strings.Contains(m.Repl, "new(T)"):
			t.Errorf("zero value of a shadowed type: %+v", m)
		case m.Func == "Named" && m.Op == OpLogical:
			t.Errorf("logical mutant of a named bool: %+v", m)
		case (m.Func == "Zero" || m.Func == "Empty") && m.Op == OpExtreme,
			m.Func == "Same" && m.Op == OpExtreme && m.Repl == "return x":
			t.Errorf("trivial extreme mutant: %+v", m)
		case m.Func == "Zero" && m.Op == OpReturnZero:
			t.Errorf("return-zero of zero values: %+v", m)
		case m.Func == "Equiv" && m.Op == OpArith && !strings.HasSuffix(m.Orig, "+ x*1/1") && !strings.HasSuffix(m.Orig, "+ x&x"):
			t.Errorf("equivalent arithmetic mutant: %+v", m)
		case m.Func == "Panic" && m.Op == OpRemove:
			t.Errorf("remove mutant: %+v", m)
		case m.Func == "New" && m.Op == OpReturnZero && m.Repl != "return the zero value":
			// rt.MZero carries it without spelling a zero value.
			t.Errorf("zero values spelled with a shadowed new: %+v", m)
		case m.Func == "Shift" && m.Op != OpExtreme && m.Op != OpReturnZero:
			t.Errorf("shift mutant: %+v", m)
		case m.Func == "Endless" && m.Op == OpBreakContinue:
			t.Errorf("break leaving a terminating loop: %+v", m)
		}
	}
	if got := mutLines(tab, "Lines"); len(got) == 0 || !strings.Contains(strings.Join(got, ";"), "logical a && b -> a || b") {
		t.Errorf("Lines: %q", got)
	}
	if got := strings.Join(mutLines(tab, "IfLines"), ";"); !strings.Contains(got, "logical x == 0 && y == 0 && !d -> x == 0 && y == 0 || !d") {
		t.Errorf("IfLines: %q", got)
	}
	if !strings.Contains(out, "func() bool { return (\n\t\t!gentestrt_.Br(") {
		t.Errorf("the condition's closure does not span the line:\n%s", out)
	}
	if !strings.Contains(out, "func() bool { return (\n\t\tgentestrt_.Br(") {
		t.Errorf("the closure's return does not span the line:\n%s", out)
	}
	if got := strings.Join(mutLines(tab, "EndlessVoid"), ";"); !strings.Contains(got, "break-continue continue -> break") {
		t.Errorf("EndlessVoid: %q", got)
	}
	if got := mutLines(tab, "Equiv"); strings.Join(got, ";") == "" {
		t.Errorf("Equiv: no mutants")
	}
}

// TestMutateOldFiles: a file whose language version is before go1.18 gets
// no generic probes (arithmetic, rt.MK) but the others.
func TestMutateOldFiles(t *testing.T) {
	const src = `package p

type D int

func F(a, b int, d D) (int, D) {
	if a < b {
		return a + b, d * 2
	}
	return 0, d
}
`
	dir := t.TempDir()
	path := filepath.Join(dir, "p.go")
	if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := newInfo()
	info.FileVersions = map[*ast.File]string{}
	pkg, err := (&types.Config{GoVersion: "go1.16"}).Check("example.com/p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	out, tab, err := PackageWith(fset, []*ast.File{f}, info, pkg, testRT, Options{Mutate: true})
	if err != nil {
		t.Fatal(err)
	}
	res := string(out[path])
	if strings.Contains(res, "MArI") || strings.Contains(res, "MK(") {
		t.Errorf("generic probes in a go1.16 file:\n%s", res)
	}
	ops := map[string]int{}
	for _, m := range tab.Mutants {
		ops[m.Op]++
	}
	if ops[OpArith] != 0 || ops[OpRelBoundary] != 1 || ops[OpConst] != 2 || ops[OpReturnZero] != 2 {
		t.Errorf("mutants by class: %v\n%s", ops, res)
	}
}

// TestMutateOffIdentical: without Mutate the output is Package's, with it
// the files excluded by NoMutants are too.
func TestMutateOffIdentical(t *testing.T) {
	srcs := map[string]string{
		"a.go": "package p\n\nfunc A(x int) int {\n\tif x > 1 {\n\t\treturn x * 2\n\t}\n\treturn 0\n}\n",
		"b.go": "package p\n\nfunc B(x int) int { return x - 1 }\n",
	}
	plain, _ := instrumentFiles(t, srcs)
	// instrumentWith writes into a fresh directory: exclude b.go by name
	// through a wrapper that finds its path.
	dir := t.TempDir()
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range []string{"a.go", "b.go"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(srcs[name]), 0o666); err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, p, srcs[name], 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := newInfo()
	pkg, err := (&types.Config{}).Check("example.com/p", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	out, tab, err := PackageWith(fset, files, info, pkg, testRT, Options{Mutate: true, NoMutants: []string{filepath.Join(dir, "b.go")}})
	if err != nil {
		t.Fatal(err)
	}
	if got := string(out[filepath.Join(dir, "b.go")]); got != plain["b.go"] {
		t.Errorf("b.go excluded from mutants:\n%s\nwant\n%s", got, plain["b.go"])
	}
	if string(out[filepath.Join(dir, "a.go")]) == plain["a.go"] || len(tab.Mutants) == 0 {
		t.Errorf("a.go has no mutants")
	}
	for _, m := range tab.Mutants {
		if filepath.Base(m.File) != "a.go" {
			t.Errorf("mutant in %s", m.File)
		}
	}
}
