package instrument

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// Each case is instrumented and the result type-checked against the
// runtime (instrumentFiles fails the test otherwise); want lists fragments
// of the expected output, notWant fragments that must not appear.
var rewriteCases = []struct {
	name    string
	src     string
	want    []string
	notWant []string
}{
	{
		name: "if-int",
		src:  "package p\n\nfunc F(x int) int {\n\tif x == 42 {\n\t\treturn 1\n\t}\n\treturn 0\n}\n",
		want: []string{
			`package p; import gentestrt_ "example.com/p/zz_gentest_rt"`,
			"func F(x int) int {gentestrt_.Blk(0);",
			"if gentestrt_.CmpI(0, gentestrt_.OpEq, gentestrt_.Int64(x) , gentestrt_.Int64(42)) {gentestrt_.Blk(2);",
			"gentestrt_.Blk(1);return 0",
		},
	},
	{
		name: "order-of-calls",
		src:  "package p\n\nfunc f() int { return 1 }\nfunc g() int { return 2 }\n\nfunc F() bool {\n\tif f() < g() {\n\t\treturn true\n\t}\n\treturn false\n}\n",
		want: []string{"gentestrt_.CmpI(0, gentestrt_.OpLt, gentestrt_.Int64(f()) , gentestrt_.Int64(g()))"},
	},
	{
		name: "uint64-big-constant",
		src:  "package p\n\nfunc F(u uint64, i int64) bool {\n\tif u == 1<<63 || u > 18446744073709551615-1 {\n\t\treturn true\n\t}\n\treturn i < -1<<63+1\n}\n",
		want: []string{"gentestrt_.CmpU(0, gentestrt_.OpEq, gentestrt_.Uint64(u) , gentestrt_.Uint64(1<<63))"},
	},
	{
		name: "float32-constant-rounded",
		src:  "package p\n\nfunc F(f float32) bool {\n\tif f == 0.1 {\n\t\treturn true\n\t}\n\treturn false\n}\n",
		want: []string{"gentestrt_.Float64(0.10000000149011612)"},
	},
	{
		name: "shadowed-predeclared",
		src:  "package p\n\ntype int64 = float64\n\nvar string = 3\n\ntype bool2 bool\n\nfunc F(x int, b bool2) int {\n\tif x > string && b {\n\t\treturn 1\n\t}\n\tif b {\n\t\treturn 2\n\t}\n\treturn 0\n}\n",
		want: []string{"gentestrt_.Br(1, gentestrt_.Bool(b))"},
	},
	{
		name: "generic-outcome-only",
		src:  "package p\n\nfunc Max[T ~int | ~float64](a, b T) T {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n\ntype Set[T comparable] struct{ items []T }\n\nfunc (s *Set[T]) Has(v T) bool {\n\tfor _, x := range s.items {\n\t\tif x == v {\n\t\t\treturn true\n\t\t}\n\t}\n\treturn false\n}\n",
		want: []string{"gentestrt_.Br(0, a > b)", "gentestrt_.Br(1, x == v)"},
	},
	{
		name: "untyped-shift",
		src:  "package p\n\nfunc F(s uint) bool {\n\tif 1<<s == 256 {\n\t\treturn true\n\t}\n\treturn false\n}\n",
		want: []string{"gentestrt_.Br(0, 1<<s == 256)"},
	},
	{
		name:    "constants-untouched",
		src:     "package p\n\nconst a, b = 1, 2\nconst c = a < b && b > 0\n\nvar arr [len(\"ab\") + a]int\n\nfunc F() int {\n\tconst d = a == 1 || b == 2\n\tvar x [a + b]int\n\tif c {\n\t\treturn len(x)\n\t}\n\treturn len(arr)\n}\n",
		want:    []string{"const c = a < b && b > 0", "const d = a == 1 || b == 2", "gentestrt_.Br(0, c)"},
		notWant: []string{"Cmp"},
	},
	{
		name: "package-var-and-or",
		src:  "package p\n\nvar x, y = 3, true\n\nvar Z = x > 2 && y\n\nvar F = func() bool { return x < 0 || !y }\n",
		want: []string{"var Z = gentestrt_.CmpI(0, gentestrt_.OpGt", "&& gentestrt_.Br(1, y)", "return gentestrt_.CmpI(2", "|| !gentestrt_.Br(3, y)"},
	},
	{
		name: "named-bool-operands-not-wrapped",
		src:  "package p\n\ntype B bool\n\nfunc F(x int) B {\n\tvar b B = x > 1 && x < 5\n\treturn b\n}\n",
		want: []string{"var b B = x > 1 && x < 5"},
	},
	{
		name:    "goto-labelled-switch-with-init",
		src:     "package p\n\nfunc F(x int) int {\n\tn := 0\nL:\n\tswitch y := x + n; y {\n\tcase 1:\n\t\tn++\n\t\tgoto L\n\tcase 2:\n\t\tbreak L\n\t}\n\treturn n\n}\n",
		want:    []string{"switch y := x + n; y {"},
		notWant: []string{"gentestrt_tag"},
	},
	{
		name: "labelled-switch-continue-outer",
		src:  "package p\n\nfunc F(xs []int) int {\n\tn := 0\nouter:\n\tfor _, x := range xs {\n\t\tswitch y := x * 2; y {\n\t\tcase 2, 4:\n\t\t\tcontinue outer\n\t\tcase 6:\n\t\t\tbreak outer\n\t\t}\n\t\tn++\n\t}\n\treturn n\n}\n",
		want: []string{"{ y := x * 2; switch gentestrt_tag1 := y; {", "|| gentestrt_.CmpI("},
	},
	{
		name: "tagless-with-init-and-empty",
		src:  "package p\n\nfunc F(x int) int {\n\tswitch y := x; {\n\tcase y > 1, y < -1:\n\t\treturn 1\n\t}\n\tswitch x {\n\t}\n\tswitch {\n\t}\n\tselect {\n\t}\n}\n",
		want: []string{"case gentestrt_.CmpI(0, gentestrt_.OpGt, gentestrt_.Int64(y) , gentestrt_.Int64(1)), gentestrt_.CmpI(1,", "switch x {\n\t}"},
	},
	{
		name: "closure-in-condition",
		src:  "package p\n\nfunc F(x int) bool {\n\tif func() bool { return x > 3 }() && x < 10 {\n\t\treturn true\n\t}\n\treturn false\n}\n",
		want: []string{"gentestrt_.Br(0, func() bool {gentestrt_.Blk(", "return x > 3 }())", "gentestrt_.CmpI(1, gentestrt_.OpLt"},
	},
	{
		name: "comma-ok-and-struct",
		src:  "package p\n\ntype pt struct{ x, y int }\n\nfunc F(m map[string]int, p pt) bool {\n\tif v, ok := m[\"a\"]; ok && v > 3 {\n\t\treturn true\n\t}\n\treturn p == (pt{1, 2}) || p != pt{}\n}\n",
		want: []string{"gentestrt_.Br(0, ok) && gentestrt_.CmpI(1", "return gentestrt_.Br(2, p == (pt{1, 2})) || gentestrt_.Br(3, p != pt{})"},
	},
	{
		name: "interface-tag-and-multiline-case",
		src:  "package p\n\nfunc F(v interface{}) int {\n\tswitch v {\n\tcase 1, // one, two\n\t\t\"a\":\n\t\treturn 1\n\tcase nil:\n\t\treturn 2\n\tdefault:\n\t}\n\treturn 0\n}\n",
		want: []string{"case gentestrt_.Br(0, gentestrt_tag1 == (1)) || // one, two", "gentestrt_.Br(1, gentestrt_tag1 == (\"a\")):", "gentestrt_.Br(2, gentestrt_tag1 == (nil))"},
	},
	{
		name: "typed-switch-cases-float32",
		src:  "package p\n\ntype C float32\n\nfunc F(c C, u uintptr) int {\n\tswitch c {\n\tcase 0.1:\n\t\treturn 1\n\t}\n\tswitch u {\n\tcase 0, 1 << 40:\n\t\treturn 2\n\t}\n\treturn 0\n}\n",
		want: []string{"gentestrt_.CmpF(0, gentestrt_.OpEq, gentestrt_.Float64(gentestrt_tag1), gentestrt_.Float64(0.10000000149011612))", "gentestrt_.CmpU(2, gentestrt_.OpEq, gentestrt_.Uint64(gentestrt_tag2), gentestrt_.Uint64(1 << 40))"},
	},
	{
		name: "for-forms",
		src:  "package p\n\nfunc F(n int) (s int) {\n\tfor n > 0 {\n\t\tn--\n\t}\n\tfor {\n\t\tbreak\n\t}\n\tfor ; ; s++ {\n\t\tif s > 3 {\n\t\t\tbreak\n\t\t}\n\t}\n\treturn\n}\n",
		want: []string{"for gentestrt_.CmpI(0, gentestrt_.OpGt, gentestrt_.Int64(n) , gentestrt_.Int64(0)) {"},
	},
	{
		name: "not-and-nested-chains",
		src:  "package p\n\nfunc F(a, b, c bool) bool {\n\tif !(a && b) || !c {\n\t\treturn true\n\t}\n\treturn a && (b || c)\n}\n",
		want: []string{"if !(gentestrt_.Br(0, a) && gentestrt_.Br(1, b)) || !gentestrt_.Br(2, c) {", "return gentestrt_.Br(3, a) && (gentestrt_.Br(4, b) || gentestrt_.Br(5, c))"},
	},
	{
		name: "defer-go-args",
		src:  "package p\n\nfunc g(bool) {}\n\nfunc F(x int) {\n\tdefer g(x > 1 && x < 3)\n\tgo g(x == 0 || x == 1)\n}\n",
		want: []string{"defer g(gentestrt_.CmpI(0,", "go g(gentestrt_.CmpI(2,"},
	},
	{
		name: "labelled-switch-first-and-goto-over",
		src:  "package p\n\nfunc F(x int) int {\nL:\n\tswitch y := x; y {\n\tcase 1:\n\t\tbreak L\n\t}\n\tif x > 5 {\n\t\tgoto end\n\t}\n\tswitch z := x + 1; z {\n\tcase 3:\n\t\tx++\n\t}\nend:\n\treturn x\n}\n",
		want: []string{"{gentestrt_.Blk(0);\n\n\t{ y := x; L: switch gentestrt_tag1 := y; {", "gentestrt_.Blk(2);{ z := x + 1; switch gentestrt_tag2 := z; {"},
	},
	{
		name: "type-param-tag",
		src:  "package p\n\nfunc F[T ~int | ~string](v T, w T) int {\n\tswitch v {\n\tcase w:\n\t\treturn 1\n\t}\n\treturn 0\n}\n",
		want: []string{"case gentestrt_.Br(0, gentestrt_tag1 == (w)):"},
	},
	{
		name: "explicit-semicolon",
		src:  "package p;\n\nfunc F(b bool) {\n\tif b {\n\t}\n}\n",
		want: []string{"package p; import gentestrt_ \"example.com/p/zz_gentest_rt\";\n"},
	},
	{
		name:    "no-probes-no-import",
		src:     "package p\n\nconst X = 1\n\ntype T struct{}\n\nfunc (T) m()\n",
		notWant: []string{"gentestrt_"},
	},
	{
		// Calls of strings and bytes functions as conditions become probes
		// that take the function (spelled as in the source) and its
		// arguments; index comparisons that tell found from not found
		// too, whichever side the constant is on. Other index comparisons
		// stay integer comparisons; a package function of the same name
		// and calls outside conditions are left alone.
		name: "string-functions",
		src: `package p

import (
	"bytes"
	str "strings"
)

func HasPrefix(a, b string) bool { return a == b }

func F(s string, b []byte, r rune) int {
	if str.HasPrefix(s, "x") && !bytes.Equal(b, []byte("y")) {
		return 1
	}
	if str.Index(s, ":") >= 0 || -1 != bytes.IndexByte(b, '/') {
		return 2
	}
	if (str.LastIndex(s, "ab")) < 0 {
		return 3
	}
	if str.Index(s, "q") == 3 || str.IndexRune(s, r) > 0 {
		return 4
	}
	if HasPrefix(s, "z") || str.ContainsRune(s, r) || bytes.ContainsRune(b, r) {
		return 5
	}
	switch {
	case str.EqualFold(s, "GO"), bytes.HasSuffix(b, nil):
		return 6
	}
	ok := str.Contains(s, "k")
	return len(s) + map[bool]int{ok: 1}[true]
}
`,
		want: []string{
			`if gentestrt_.StrCall(0, gentestrt_.FnHasPrefix, str.HasPrefix, s, "x") && !gentestrt_.BytesCall(1, gentestrt_.FnEqual, bytes.Equal, b, []byte("y")) {`,
			`if gentestrt_.StrIndex(2, gentestrt_.FnIndex, true, str.Index, s, ":") || gentestrt_.BytesIndexByte(3, true, bytes.IndexByte, b, '/') {`,
			`if (gentestrt_.StrIndex(4, gentestrt_.FnIndex, false, str.LastIndex, s, "ab")) {`,
			`gentestrt_.CmpI(5, gentestrt_.OpEq, gentestrt_.Int64(str.Index(s, "q")) , gentestrt_.Int64(3))`,
			`gentestrt_.CmpI(6, gentestrt_.OpGt, gentestrt_.Int64(str.IndexRune(s, r)) , gentestrt_.Int64(0))`,
			`gentestrt_.Br(7, HasPrefix(s, "z")) || gentestrt_.StrContainsRune(8, str.ContainsRune, s, r) || gentestrt_.BytesContainsRune(9, bytes.ContainsRune, b, r)`,
			`case gentestrt_.StrCall(10, gentestrt_.FnEqualFold, str.EqualFold, s, "GO"), gentestrt_.BytesCall(11, gentestrt_.FnHasSuffix, bytes.HasSuffix, b, nil):`,
			`ok := str.Contains(s, "k")`,
		},
	},
}

func TestRewrite(t *testing.T) {
	for _, tc := range rewriteCases {
		t.Run(tc.name, func(t *testing.T) {
			out, _ := instrumentSrc(t, tc.src)
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("missing %q in\n%s", w, out)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(out, w) {
					t.Errorf("unexpected %q in\n%s", w, out)
				}
			}
			// No line moved.
			if got, want := strings.Count(out, "\n"), strings.Count(tc.src, "\n"); got != want {
				t.Errorf("%d lines, want %d", got, want)
			}
		})
	}
}

func TestDirectivesPreserved(t *testing.T) {
	src := "//go:build linux || !linux\n\n// Package p is documented.\npackage p\n\n//go:noinline\nfunc F(x int) bool {\n//line other.go:100\n\tif x > 0 { // positive\n\t\treturn true\n\t}\n\treturn false\n}\n"
	out, tab := instrumentSrc(t, src)
	for _, w := range []string{"//go:build linux || !linux\n\n// Package p is documented.\npackage p; import", "//go:noinline\nfunc F", "//line other.go:100\n\tif gentestrt_", "{gentestrt_.Blk(2); // positive"} {
		if !strings.Contains(out, w) {
			t.Errorf("missing %q in\n%s", w, out)
		}
	}
	// Table positions are real file positions, not //line ones.
	if c := tab.Conds[0]; filepath.Base(c.File) != "p.go" || c.Line != 9 || c.Col != 5 {
		t.Errorf("cond position %+v, want p.go:9:5", c)
	}
}

func TestTable(t *testing.T) {
	src := "package p\n\ntype T struct{}\n\nfunc (t *T) M(x int) bool {\n\tf := func() bool {\n\t\tg := func() bool { return x > 1 && x < 3 }\n\t\treturn g()\n\t}\n\treturn f()\n}\n\nfunc (T) N(s string) {\n\tswitch any(s).(type) {\n\tcase int, string:\n\t}\n}\n\nvar V = func() bool { return true }() && len(xs) > 0\n\nvar xs []int\n"
	_, tab := instrumentSrc(t, src)
	var funcs []string
	for _, b := range tab.Blocks {
		funcs = append(funcs, b.Func)
	}
	if got, want := strings.Join(funcs, " "), "(*T).M (*T).M (*T).M.func1 (*T).M.func1 (*T).M.func1.1 T.N T.N glob..func1"; got != want {
		t.Errorf("block funcs %q, want %q", got, want)
	}
	x, one, three := Operand{Text: "x"}, Operand{Text: "1", Const: true}, Operand{Text: "3", Const: true}
	want := []Cond{
		{ID: 0, Func: "(*T).M.func1.1", Line: 7, Col: 29, Kind: KindAnd, Text: "x > 1", Distance: true,
			Op: ">", Operands: [2]Operand{x, one}, Deps: Deps{Root: true}},
		{ID: 1, Func: "(*T).M.func1.1", Line: 7, Col: 38, Kind: KindAnd, Text: "x < 3", Distance: true,
			Op: "<", Operands: [2]Operand{x, three}, Deps: Deps{Parents: []int{0}}},
		{ID: 2, Func: "T.N", Line: 15, Col: 2, Kind: KindTypeCase, Text: "case int, string", Deps: Deps{Root: true}},
		{ID: 3, Func: "init", Line: 19, Col: 9, Kind: KindAnd, Text: "func() bool { return true }()", Deps: Deps{Root: true}},
		{ID: 4, Func: "init", Line: 19, Col: 42, Kind: KindAnd, Text: "len(xs) > 0", Distance: true,
			Op: ">", Operands: [2]Operand{{Text: "len(xs)", Len: true}, {Text: "0", Const: true}}, Deps: Deps{Parents: []int{6}}},
	}
	if diff := cmp.Diff(want, tab.Conds, cmpopts.IgnoreFields(Cond{}, "File"), cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("conds (-want +got):\n%s", diff)
	}
}

// TestStringFunctionTable checks what the table says of string-function
// and len conditions: the operator names the function (and the found test
// for index functions), the operands are its arguments.
func TestStringFunctionTable(t *testing.T) {
	src := "package p\n\nimport \"strings\"\n\nfunc F(s string, xs []int) bool {\n\tif strings.HasSuffix(s, \".go\") || strings.IndexByte(s, 'x') < 0 {\n\t\treturn true\n\t}\n\treturn len(xs) > 3 && -1 == strings.IndexAny(s, \"ab\")\n}\n"
	_, tab := instrumentSrc(t, src)
	type row struct {
		Op       string
		Operands [2]Operand
		Distance bool
	}
	var got []row
	for _, c := range tab.Conds {
		got = append(got, row{c.Op, c.Operands, c.Distance})
	}
	s, dotgo := Operand{Text: "s"}, Operand{Text: `".go"`, Const: true}
	want := []row{
		{"strings.HasSuffix", [2]Operand{s, dotgo}, true},
		{"strings.IndexByte<0", [2]Operand{s, {Text: "'x'", Const: true}}, true},
		{">", [2]Operand{{Text: "len(xs)", Len: true}, {Text: "3", Const: true}}, true},
		{"strings.IndexAny<0", [2]Operand{s, {Text: `"ab"`, Const: true}}, true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
}

func TestErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"collision", "package p\n\nvar gentestrt_x = 1\n", "collides"},
		{"cgo", "package p\n\nimport \"C\"\n\nfunc F() { C.f() }\n", "cgo"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "p.go")
			if err := os.WriteFile(path, []byte(tc.src), 0o666); err != nil {
				t.Fatal(err)
			}
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			info := newInfo()
			pkg, err := (&types.Config{FakeImportC: true}).Check("p", fset, []*ast.File{f}, info)
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = Package(fset, []*ast.File{f}, info, pkg, testRT)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
}
