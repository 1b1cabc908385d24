package explain

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/instrument"
)

// table builds a probe table: each block is (func, line, parents...).
func block(id int, fn string, line, stmts int, parents ...int) instrument.Block {
	b := instrument.Block{ID: id, File: "/src/p/p.go", Func: fn, StartLine: line, StartCol: 2, EndLine: line, EndCol: 40, NumStmt: stmts}
	b.Parents = parents
	return b
}

// Each function gets the reason its situation calls for, and fully covered
// functions are not listed.
func TestExplainReasons(t *testing.T) {
	table := &instrument.Table{
		Blocks: []instrument.Block{
			block(0, "Save", 10, 1),
			block(1, "encode", 20, 2),
			block(2, "Winner", 30, 3),
			block(3, "Root", 40, 1),
			block(4, "Root", 41, 1, 0), // needs condition 0 true
			block(5, "Root", 42, 1, 1), // condition 0 false: covered
			block(6, "(*T).Get", 50, 1),
			block(7, "(*T).Get", 51, 2, 2), // needs condition 1 true; the search covered it
			block(8, "Load", 60, 1),
			block(9, "Double", 70, 1),
			block(10, "Loop.func1", 80, 1),
			block(11, "Loop", 81, 1),
			block(12, "Loop", 82, 1), // no parents: after a call that panicked
		},
		Conds: []instrument.Cond{
			{ID: 0, File: "/src/p/p.go", Func: "Root", Line: 40, Text: "n*n == 1522756", Distance: true,
				Operands: [2]instrument.Operand{{Text: "n*n"}, {Text: "1522756", Const: true}}},
			{ID: 1, File: "/src/p/p.go", Func: "T.Get", Line: 50, Text: "t.ok"},
		},
	}
	final := []bool{false, false, false, true, false, true, true, false, false, true, true, true, false}
	search := []bool{false, false, false, true, false, true, true, true, false, true, true, true, false}
	in := Input{
		Table: table, Final: final, Search: search,
		Conds: []Cond{
			{NTrue: 0, NFalse: 10, Closest: [2]float64{4932, 0}, Operands: [2][]string{{"1517824", "1522756"}, nil}},
			{NTrue: 3, NFalse: 1},
		},
		Excluded: map[string]string{"Save": "io:fs-write: calls os.WriteFile at p.go:12 (use -allow to call it)"},
		Ops: map[string]Op{
			"Winner": {Calls: 0, Unbuildable: []string{"Grid"}},
			"Root":   {Calls: 10},
			"T.Get":  {Calls: 4},
			"Load":   {Calls: 7},
			"Double": {Calls: 2},
			"Loop":   {Calls: 2},
		},
	}
	rep := Explain(in)
	got := map[string]string{}
	for _, f := range rep.Functions {
		var kinds []string
		for _, r := range f.Reasons {
			kinds = append(kinds, r.Kind)
		}
		got[f.Name] = strings.Join(kinds, ",")
	}
	want := map[string]string{
		"Save":   Excluded,
		"encode": NeverCalled,
		"Winner": UnbuildableInput,
		"Root":   UnsatisfiedCondition,
		"T.Get":  Dropped,
		"Load":   NeverEntered,
		"Loop":   Unexplained,
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: reasons %q, want %q", name, got[name], w)
		}
	}
	if _, ok := got["Double"]; ok {
		t.Errorf("Double is fully covered but explained: %q", got["Double"])
	}
	if len(got) != len(want) {
		t.Errorf("explained %v, want the functions of %v", got, want)
	}
	var root Function
	for _, f := range rep.Functions {
		if f.Name == "Root" {
			root = f
		}
	}
	r := root.Reasons[0]
	if r.Line != 40 || r.Want == nil || !*r.Want || r.Distance != 4932 ||
		!strings.Contains(r.Message, "n*n = 1517824, against 1522756") {
		t.Errorf("Root's reason = %+v", r)
	}
	if root.Covered != 2 || root.Statements != 3 {
		t.Errorf("Root: %d of %d statements, want 2 of 3", root.Covered, root.Statements)
	}
	var buf bytes.Buffer
	WriteText(&buf, "p", rep)
	for _, w := range []string{"p: 7 functions not fully covered", "  Root (p.go:40): 2 of 3 statements", "    unbuildable-input: no sequence called it: nothing builds Grid"} {
		if !strings.Contains(buf.String(), w) {
			t.Errorf("text report lacks %q:\n%s", w, buf.String())
		}
	}
}

// Without the written file's profile, the search's coverage stands in and
// the report says so.
func TestExplainSearchFallback(t *testing.T) {
	table := &instrument.Table{Blocks: []instrument.Block{block(0, "F", 1, 1), block(1, "F", 2, 1)}}
	rep := Explain(Input{Table: table, Search: []bool{true, false}, Ops: map[string]Op{"F": {Calls: 1}}})
	if rep.Source != "search" || len(rep.Functions) != 1 || rep.Functions[0].Covered != 1 {
		t.Errorf("report = %+v", rep)
	}
}

func TestFuncName(t *testing.T) {
	for in, want := range map[string]string{"F": "F", "T.M": "T.M", "(*T).M": "T.M", "F.func1": "F", "(*T).M.func2.1": "T.M", "glob..func1": "init"} {
		if got := FuncName(in); got != want {
			t.Errorf("FuncName(%q) = %q, want %q", in, got, want)
		}
	}
}

// A profile block covers the table blocks that start inside it.
func TestProfileBlocks(t *testing.T) {
	dir := t.TempDir()
	prof := filepath.Join(dir, "cover.out")
	os.WriteFile(prof, []byte("mode: set\nexample.com/p/p.go:10.2,12.3 2 1\nexample.com/p/p.go:20.2,21.10 1 0\nexample.com/p/q.go:1.1,9.1 1 1\n"), 0o644)
	table := &instrument.Table{Blocks: []instrument.Block{
		{ID: 0, File: "/src/p/p.go", StartLine: 10, StartCol: 2},
		{ID: 1, File: "/src/p/p.go", StartLine: 12, StartCol: 3}, // at the exclusive end
		{ID: 2, File: "/src/p/p.go", StartLine: 20, StartCol: 2}, // count 0
		{ID: 3, File: "/src/p/q.go", StartLine: 5, StartCol: 1},
		{ID: 4, File: "/src/p/r.go", StartLine: 5, StartCol: 1},
	}}
	got, err := ProfileBlocks(prof, table)
	if err != nil {
		t.Fatal(err)
	}
	want := []bool{true, false, false, true, false}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("block %d covered = %v, want %v", i, got[i], want[i])
		}
	}
	if _, err := ProfileBlocks(filepath.Join(dir, "missing"), table); err == nil {
		t.Errorf("no error for a missing profile")
	}
}

// The HTML view colours each line by coverage and puts the reasons beside
// the lines they are about.
func TestWriteHTML(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "p.go")
	os.WriteFile(src, []byte("package p\n\nfunc F(n int) int {\n\tif n > 3 {\n\t\treturn 1\n\t}\n\treturn 0\n}\n"), 0o644)
	rep := &Report{Source: "go test",
		Blocks: []Block{{File: src, StartLine: 3, EndLine: 4, NumStmt: 1, Covered: true}, {File: src, StartLine: 5, EndLine: 5, NumStmt: 1}},
		Functions: []Function{{Name: "F", File: src, Line: 3, Statements: 2, Covered: 1,
			Reasons: []Reason{{Kind: UnsatisfiedCondition, File: src, Line: 4, Message: "p.go:4: n > 3 was never true"}}}}}
	var buf bytes.Buffer
	if err := WriteHTML(&buf, []Page{{Package: "example.com/p", Report: rep}}); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, w := range []string{
		`<tr class="cov" id="p0f0-3"><td class="n">3</td><td class="src">func F(n int) int {</td>`,
		`<td class="src">	if n &gt; 3 {</td><td class="why"><div><span class="kind">unsatisfied-condition</span>: p.go:4: n &gt; 3 was never true</div>`,
		`<tr class="uncov" id="p0f0-5">`,
		`<tr class="" id="p0f0-1">`,
	} {
		if !strings.Contains(out, w) {
			t.Errorf("HTML lacks %s", w)
		}
	}
}

// A function whose calls exited the process in the search says so, with
// how often, next to the condition that guards what it leaves uncovered.
func TestExplainExits(t *testing.T) {
	table := &instrument.Table{
		Blocks: []instrument.Block{
			block(0, "Parse", 10, 1),
			block(1, "Parse", 11, 2, 0), // the error path: condition 0 true
		},
		Conds: []instrument.Cond{{ID: 0, File: "/src/p/p.go", Func: "Parse", Line: 10, Text: "!ok"}},
	}
	in := Input{Table: table, Final: []bool{true, false}, Search: []bool{true, false},
		Conds: []Cond{{NTrue: 0, NFalse: 5}},
		Ops:   map[string]Op{"Parse": {Calls: 40, Exits: 35}}}
	rep := Explain(in)
	if len(rep.Functions) != 1 {
		t.Fatalf("functions = %+v, want Parse", rep.Functions)
	}
	var found bool
	for _, r := range rep.Functions[0].Reasons {
		if r.Kind == Exits {
			found = strings.Contains(r.Message, "35 times")
		}
	}
	if !found {
		t.Errorf("reasons = %+v, want an exits reason naming 35 exits", rep.Functions[0].Reasons)
	}
	in.Ops["Parse"] = Op{Calls: 40}
	for _, r := range Explain(in).Functions[0].Reasons {
		if r.Kind == Exits {
			t.Errorf("reason %+v without any exit", r)
		}
	}
}
