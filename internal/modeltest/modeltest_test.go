package modeltest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
)

const src = `package p

import "strings"

type T struct{ N int }

func New(n int) *T        { return &T{n} }
func (t *T) Get() int     { return t.N }
func Up(s string) string  { return strings.ToUpper(s) }
`

func TestProgram(t *testing.T) {
	prog := modeltest.Program(t, src, model.Options{})
	if got := prog.Pkg.Path(); got != modeltest.Path {
		t.Errorf("path = %q, want %q", got, modeltest.Path)
	}
	get := modeltest.Op(t, prog, "T.Get")
	if get.Kind != model.Method {
		t.Errorf("Get's kind = %v, want a method", get.Kind)
	}
	s := modeltest.Seq(modeltest.Call(modeltest.Op(t, prog, "New"), modeltest.Int(3)), modeltest.Call(modeltest.Op(t, prog, "Up"), modeltest.Str("a")))
	if s.Len() != 2 || s.Stmts[0].Args[0].Lit.I != 3 {
		t.Errorf("sequence = %v", s.Stmts)
	}
	ids := modeltest.OpIDs(prog)
	for _, name := range []string{"New", "T.Get", "Up"} {
		if op := modeltest.Op(t, prog, name); ids[name] != op.ID {
			t.Errorf("OpIDs[%s] = %d, want Op's %d", name, ids[name], op.ID)
		}
	}
	if id, ok := ids["T"]; ok && prog.Ops[id].Kind == model.Zero {
		t.Errorf("OpIDs names the zero value T{} (op %d)", id)
	}
	if modeltest.Type(t, prog, "T").String() != "example.com/p.T" {
		t.Errorf("type T = %v", modeltest.Type(t, prog, "T"))
	}
}

// fatal records a failure instead of stopping the test.
type fatal struct{ msg string }

func (f *fatal) Helper() {}
func (f *fatal) Fatalf(format string, args ...any) {
	if f.msg == "" {
		f.msg = fmt.Sprintf(format, args...)
	}
}

func TestErrors(t *testing.T) {
	var f fatal
	modeltest.Check(&f, "example.com/bad", "package p\nfunc F() { undefined() }\n")
	if f.msg == "" {
		t.Error("a file that does not type-check was accepted")
	}
	f = fatal{}
	modeltest.CheckFile(&f, "example.com/none", "testdata/none.go")
	if f.msg == "" {
		t.Error("CheckFile accepted a file that does not exist")
	}
	prog := modeltest.Program(t, src, model.Options{})
	f = fatal{}
	modeltest.Op(&f, prog, "Missing")
	if f.msg == "" {
		t.Error("Op found an operation that does not exist")
	}
}

func TestCheckFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "p.go")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	pkg := modeltest.CheckFile(t, "example.com/file", file)
	if pkg.Path() != "example.com/file" || pkg.Scope().Lookup("New") == nil {
		t.Errorf("CheckFile(%s) = package %s with %v", file, pkg.Path(), pkg.Scope().Names())
	}
}
