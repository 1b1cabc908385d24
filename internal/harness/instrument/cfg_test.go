package instrument

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// depsOf renders the control dependences of a table: one line per
// condition, "Func: text <- parents", parents written as "text:T" or
// "text:F" and "root" for Root.
func depsOf(tab *Table) []string {
	var out []string
	for _, c := range tab.Conds {
		out = append(out, fmt.Sprintf("%s: %s <- %s", c.Func, c.Text, renderDeps(tab, c.Deps)))
	}
	return out
}

func renderDeps(tab *Table, d Deps) string {
	var ps []string
	if d.Root {
		ps = append(ps, "root")
	}
	for _, br := range d.Parents {
		side := ":T"
		if br%2 == 1 {
			side = ":F"
		}
		ps = append(ps, tab.Conds[br/2].Text+side)
	}
	if len(ps) == 0 {
		return "-"
	}
	return strings.Join(ps, " ")
}

func TestControlDependence(t *testing.T) {
	cases := []struct {
		name string
		src  string // function declarations; package p with strings, os and log imported
		want []string
	}{{
		name: "if else",
		src: `func F(a, b int) int {
	if a > 0 {
		if b > 0 {
			return 1
		}
	} else if b < 0 {
		return 2
	}
	if a == b {
		return 3
	}
	return 0
}`,
		want: []string{
			"F: a > 0 <- root",
			"F: b > 0 <- a > 0:T",
			"F: b < 0 <- a > 0:F",
			// Not a > 0: both its sides may return before a == b.
			"F: a == b <- b > 0:F b < 0:F",
		},
	}, {
		name: "and or chains",
		src: `func F(a, b, c int) bool {
	if a > 0 && (b > 0 || c > 0) {
		return true
	}
	if !(a < 0 || b < 0) && c < 0 {
		return false
	}
	if a == 1 {
		return true
	}
	return false
}`,
		want: []string{
			"F: a > 0 <- root",
			"F: b > 0 <- a > 0:T",
			"F: c > 0 <- b > 0:F",
			// Reached when the first if fails: a > 0 false, or both b, c false.
			"F: a < 0 <- a > 0:F c > 0:F",
			"F: b < 0 <- a < 0:F",
			"F: c < 0 <- b < 0:F",
			"F: a == 1 <- a < 0:T b < 0:T c < 0:F",
		},
	}, {
		name: "value chains",
		src: `func F(a, b int) bool {
	x := a > 0 && b > 0
	y := a < 0 || b < 0
	return x && y || a == b
}`,
		want: []string{
			"F: a > 0 <- root",
			"F: b > 0 <- a > 0:T",
			"F: a < 0 <- root",
			"F: b < 0 <- a < 0:F",
			"F: x <- root",
			"F: y <- x:T",
			"F: a == b <- x:F y:F",
		},
	}, {
		name: "loops",
		src: `func F(xs []int, n int) int {
	s := 0
	for i := 0; i < n; i++ {
		if i == 3 {
			continue
		}
		if i > 10 {
			break
		}
		s++
	}
	for _, x := range xs {
		if x < 0 {
			return x
		}
	}
	return s
}`,
		want: []string{
			"F: i < n <- root i == 3:T i > 10:F",
			"F: i == 3 <- i < n:T",
			"F: i > 10 <- i == 3:F",
			// The range loop's branch is no condition: x < 0 takes the
			// parents of the range loop, which runs on every call and again
			// after x < 0 is false.
			"F: x < 0 <- root x < 0:F",
		},
	}, {
		name: "infinite loop",
		src: `func F(ch chan int) {
	for {
		if v := <-ch; v > 0 {
			println(v)
		}
	}
}`,
		// The loop never ends: v > 0 runs on every call and again after
		// either of its branches.
		want: []string{"F: v > 0 <- root v > 0:T v > 0:F"},
	}, {
		name: "labels and goto",
		src: `func F(m [][]int) int {
	n := 0
outer:
	for i := range m {
		for j := 0; j < len(m[i]); j++ {
			if m[i][j] == 0 {
				continue outer
			}
			if m[i][j] < 0 {
				break outer
			}
			n++
		}
	}
again:
	if n > 100 {
		n /= 2
		goto again
	}
	return n
}`,
		want: []string{
			// Runs again after n++ (m[i][j] < 0 false), and through the
			// outer range loop after the inner loop ends or continue outer.
			"F: j < len(m[i]) <- root j < len(m[i]):F m[i][j] == 0:T m[i][j] < 0:F",
			"F: m[i][j] == 0 <- j < len(m[i]):T",
			"F: m[i][j] < 0 <- m[i][j] == 0:F",
			"F: n > 100 <- root n > 100:T",
		},
	}, {
		name: "tag switch",
		src: `func F(s string, n int) int {
	switch s {
	case "a", "b":
		return 1
	case "c":
		if n > 0 {
			n--
		}
		fallthrough
	case "d":
		return 2
	default:
		if n < 0 {
			return 3
		}
	}
	return 0
}`,
		want: []string{
			`F: s == "a" <- root`,
			`F: s == "b" <- s == "a":F`,
			`F: s == "c" <- s == "b":F`,
			`F: n > 0 <- s == "c":T`,
			`F: s == "d" <- s == "c":F`,
			// The default clause runs when no case matched.
			`F: n < 0 <- s == "d":F`,
		},
	}, {
		name: "tagless switch",
		src: `func F(a, b int) int {
	switch {
	case a > 0 && b > 0:
		return 1
	case a < 0:
		return 2
	}
	return 0
}`,
		want: []string{
			"F: a > 0 <- root",
			"F: b > 0 <- a > 0:T",
			"F: a < 0 <- a > 0:F b > 0:F",
		},
	}, {
		name: "type switch",
		src: `func F(v any) int {
	switch x := v.(type) {
	case int:
		if x > 0 {
			return 1
		}
	case string:
		return len(x)
	default:
		return -1
	}
	return 0
}`,
		want: []string{
			"F: case int <- root",
			"F: case string <- root",
			"F: default <- root",
			"F: x > 0 <- case int:T",
		},
	}, {
		name: "select",
		src: `func F(a, b chan int) int {
	select {
	case x := <-a:
		if x > 0 {
			return x
		}
	case <-b:
	}
	return 0
}`,
		want: []string{"F: x > 0 <- root"},
	}, {
		name: "panic exit fatal",
		src: `func F(a int) int {
	if a < 0 {
		panic("negative")
	}
	if a == 0 {
		os.Exit(1)
	}
	if a == 1 {
		log.Fatalf("one")
	}
	return a
}

func G(a int) {
	defer func() {
		if r := recover(); r != nil {
			println("recovered")
		}
	}()
	if a > 0 {
		return
	}
	println(a)
}`,
		want: []string{
			"F: a < 0 <- root",
			"F: a == 0 <- a < 0:F",
			"F: a == 1 <- a == 0:F",
			"G.func1: r != nil <- root",
			"G: a > 0 <- root",
		},
	}, {
		name: "closures and package init",
		src: `var ok = len(os.Args) > 1 && os.Args[1] == "x"

func F(a int) func() bool {
	if a > 0 {
		return func() bool { return a > 5 || a < 2 }
	}
	return nil
}`,
		want: []string{
			"init: len(os.Args) > 1 <- root",
			`init: os.Args[1] == "x" <- len(os.Args) > 1:T`,
			"F: a > 0 <- root",
			"F.func1: a > 5 <- root",
			"F.func1: a < 2 <- a > 5:F",
		},
	}, {
		name: "string functions and dead code",
		src: `func F(s string) int {
	if strings.HasPrefix(s, "x") {
		return 1
	}
	if strings.Index(s, ":") >= 0 {
		return 2
	}
	return 0
	if s == "dead" {
		return 3
	}
	return 4
}`,
		want: []string{
			`F: strings.HasPrefix(s, "x") <- root`,
			`F: strings.Index(s, ":") >= 0 <- strings.HasPrefix(s, "x"):F`,
			`F: s == "dead" <- -`,
		},
	}, {
		// A constant prefix of a chain is split like any other (its
		// operands are conditions of the chain).
		name: "constant prefix",
		src: `const debug, level = true, 2

func F(x int) int {
	if debug && level > 1 && x > 0 {
		return 1
	}
	return 0
}`,
		want: []string{
			"F: debug <- root",
			"F: level > 1 <- debug:T",
			"F: x > 0 <- level > 1:T",
		},
	}, {
		name: "named bool",
		src: `type B bool

func F(x B, n int) int {
	if x && n > 0 {
		return 1
	}
	if n < 0 {
		return 2
	}
	return 0
}`,
		// A chain of a named boolean type is one condition, evaluated
		// after its operands.
		want: []string{
			"F: x && n > 0 <- root",
			"F: n < 0 <- x && n > 0:F",
		},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "package p\n\nimport (\n\t\"log\"\n\t\"os\"\n\t\"strings\"\n)\n\nvar _, _, _ = log.Print, os.Exit, strings.Contains\n\n" + c.src + "\n"
			_, tab := instrumentSrc(t, src)
			if diff := cmp.Diff(c.want, depsOf(tab)); diff != "" {
				t.Errorf("dependences (-want +got):\n%s", diff)
			}
		})
	}
}

// TestBlockDependence checks the dependences of blocks: the block after an
// early return depends on its condition's false branch, the loop body on
// the loop condition, the code after the loop runs on every call.
func TestBlockDependence(t *testing.T) {
	src := `package p

func F(a, n int) int {
	if a < 0 {
		return -1
	}
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	return s
}
`
	_, tab := instrumentSrc(t, src)
	var got []string
	for _, b := range tab.Blocks {
		got = append(got, fmt.Sprintf("%d.%d <- %s", b.StartLine, b.StartCol, renderDeps(tab, b.Deps)))
	}
	sort.Strings(got)
	want := []string{
		"3.22 <- root",    // the function's first block
		"4.11 <- a < 0:T", // return -1
		"7.2 <- a < 0:F",  // s := 0; for ...
		"8.25 <- i < n:T", // the loop body
		"11.2 <- a < 0:F", // return s
	}
	sort.Strings(want)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("block dependences (-want +got):\n%s", diff)
	}
}

// TestDeterministicIDs checks that IDs depend only on the sources: the
// same package instrumented twice, from files given in another order,
// gives the same table.
func TestDeterministicIDs(t *testing.T) {
	srcs := map[string]string{
		"a.go": "package p\n\nfunc A(x int) bool { return x > 1 && x < 5 }\n",
		"b.go": "package p\n\nfunc B(s string) int {\n\tswitch s {\n\tcase \"x\":\n\t\treturn 1\n\t}\n\tif len(s) > 3 || A(len(s)) {\n\t\treturn 2\n\t}\n\treturn 0\n}\n",
		"c.go": "package p\n\nfunc C(v any) int {\n\tswitch v.(type) {\n\tcase int:\n\t\tif A(1) {\n\t\t\treturn 1\n\t\t}\n\tcase string:\n\t}\n\treturn 0\n}\n",
	}
	_, first := instrumentFiles(t, srcs)
	strip := func(tab *Table) *Table {
		c := &Table{Blocks: append([]Block(nil), tab.Blocks...), Conds: append([]Cond(nil), tab.Conds...)}
		for i := range c.Blocks {
			c.Blocks[i].File = ""
		}
		for i := range c.Conds {
			c.Conds[i].File = ""
		}
		return c
	}
	for i := 0; i < 3; i++ {
		_, again := instrumentFiles(t, srcs) // map order varies the file order
		if diff := cmp.Diff(strip(first), strip(again)); diff != "" {
			t.Fatalf("tables differ (-first +again):\n%s", diff)
		}
	}
	// Files in name order, then source order within a file; the clauses
	// of a type switch come before the conditions in their bodies.
	var got []string
	for _, c := range first.Conds {
		got = append(got, c.Text)
	}
	want := []string{"x > 1", "x < 5", `s == "x"`, "len(s) > 3", "A(len(s))", "case int", "case string", "A(1)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("condition order (-want +got):\n%s", diff)
	}
}
