package accesspath_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/gentest-go/gentest/internal/ssautil/accesspath"
)

const src = `package p

type T struct {
	next *T
	n    int
	m    map[string]int
}

var g *T

func viaLocal(p *T) { q := p.next; q.n = 1 }

func fresh(p *T) { t := &T{next: p}; t.n = 2 }

func deep(p *T) { t := &T{next: p}; t.next.n = 3 }

func field(p *T) { t := &T{next: p}; t.m = map[string]int{}; t.m["k"] = 4 }

func global() { x := g; x.n = 5 }

func captured(p *T) func() { return func() { p.n = 6 } }

type mirror struct {
	next *T
	xs   []int
}

// literalCopy's mirror copies p.next from a composite literal and gets a
// new slice in xs: the store into xs's array writes no memory of p.
func literalCopy(p *T) int { d := mirror{next: p.next}; d.xs = make([]int, 1); d.xs[0] = 7; return d.next.n }

// sharedCopy's mirror copies p's slice: the store writes p's array.
func sharedCopy(p *mirror) { d := mirror{xs: p.xs}; d.xs[0] = 8 }
`

// stores returns the kinds of the roots of every store and map update in
// the named function.
// buildPackage type-checks and builds the SSA of one file of source, as
// package name.
func buildPackage(t *testing.T, name, source string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name+".go", source, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage(name, ""), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

func stores(t *testing.T, pkg *ssa.Package, name string) []accesspath.Kind {
	t.Helper()
	fn := pkg.Func(name)
	if name == "captured" {
		fn = fn.AnonFuncs[0]
	}
	a := accesspath.New(fn)
	var kinds []accesspath.Kind
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var addr ssa.Value
			switch instr := instr.(type) {
			case *ssa.Store:
				addr = instr.Addr
			case *ssa.MapUpdate:
				addr = instr.Map
			default:
				continue
			}
			if _, ok := addr.(*ssa.Alloc); ok {
				continue // initialising a local variable
			}
			for _, r := range a.Roots(addr, 0) {
				kinds = append(kinds, r.Kind)
			}
		}
	}
	return kinds
}

func TestRoots(t *testing.T) {
	pkg := buildPackage(t, "p", src)
	has := func(kinds []accesspath.Kind, k accesspath.Kind) bool {
		for _, x := range kinds {
			if x == k {
				return true
			}
		}
		return false
	}
	for _, tc := range []struct {
		fn   string
		want accesspath.Kind
		not  accesspath.Kind
	}{
		{"viaLocal", accesspath.Param, 0},
		{"deep", accesspath.Param, 0},
		{"global", accesspath.Global, accesspath.Param},
		{"captured", accesspath.FreeVar, accesspath.Param},
		{"sharedCopy", accesspath.Param, 0},
	} {
		kinds := stores(t, pkg, tc.fn)
		if !has(kinds, tc.want) || tc.not != 0 && has(kinds, tc.not) {
			t.Errorf("%s: store roots %v, want %v and not %v", tc.fn, kinds, tc.want, tc.not)
		}
	}
	// Writes into fresh objects, even ones holding a parameter, stay local.
	for _, fn := range []string{"fresh", "field", "literalCopy"} {
		for _, k := range stores(t, pkg, fn) {
			if k != accesspath.Local {
				t.Errorf("%s: store rooted at %v, want only Local", fn, k)
			}
		}
	}
}

const callbackSrc = `package q

type Path []int32

type Parts struct{ parts [][]byte }

// unknown's callback returns the buffer or a fresh one: the write lands
// in b's memory, never in p's []int32.
func unknown(p *Path, b []byte, f func(*Path, []byte) []byte) { r := f(p, b); r[0] = 1 }

// parts' callback may return one of c's slices.
func parts(c *Parts, b []byte, f func(*Parts, []byte) []byte) { r := f(c, b); r[0] = 1 }

// counted's callback returns an int, which points nowhere.
func counted(p *Path, f func(*Path) int) { n := f(p); var a [4]int; a[n] = 1 }

// appender's method is in the append style: its result is b, extended,
// or fresh, never memory of the interface value a.
type appender interface{ AppendTo(b []byte) []byte }

func appendStyle(a appender, b []byte, c *Parts) { r := a.AppendTo(b); r[0] = 1 }

// boxed's callback returns an interface, which may hold anything.
func boxed(p *Path, f func(*Path) any) { r := f(p); *r.(*int32) = 1 }
`

// TestCallResultTypes: the result of an unknown callee points only into
// arguments that can reach memory of a type the result can point to.
func TestCallResultTypes(t *testing.T) {
	pkg := buildPackage(t, "q", callbackSrc)
	for _, tc := range []struct {
		fn   string
		want []int // the parameters the stores are rooted at
	}{
		{"unknown", []int{1}},
		{"parts", []int{0, 1}},
		{"counted", nil},
		{"boxed", []int{0}},
		{"appendStyle", []int{1}},
	} {
		fn := pkg.Func(tc.fn)
		a := accesspath.New(fn)
		var got []int
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				for _, r := range a.Roots(st.Addr, 0) {
					if r.Kind == accesspath.Param {
						got = append(got, r.Index)
					}
				}
			}
		}
		slices.Sort(got)
		got = slices.Compact(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: stores rooted at parameters %v, want %v", tc.fn, got, tc.want)
		}
	}
}

const summarySrc = `package r

import "errors"

type key struct {
	kid string
	x   []byte
	x5c []string
}

var errBad = errors.New("bad")

// build's summary (in the test) says its results may point into its
// argument and that its second result, the error, is package memory.
func build(b []byte) (*key, error) { return &key{x: b}, errBad }

// fill writes fields of the key build made: a string field and the array
// of a []string, neither of which a []byte can hold, and none of which is
// the sentinel error's memory.
func fill(b []byte, certs []string) {
	k, _ := build(b)
	k.kid = "id"
	k.x5c = append(k.x5c, certs...)
}

// mask writes the key's bytes, which are b's.
func mask(b []byte) { k, _ := build(b); k.x[0] = 0 }

// errs writes through the error result, which is package memory.
func errs(b []byte) { _, err := build(b); *(err.(*wrapped)) = wrapped{} }

type wrapped struct{ msg string }

func (w *wrapped) Error() string { return w.msg }
`

// TestWrittenRoots: a write into a struct a callee built is traced into
// the callee's aliased arguments only when they can hold a cell of the
// written type, and into package memory only through the results the
// summary says may point there (CallResults.GlobalResults).
func TestWrittenRoots(t *testing.T) {
	pkg := buildPackage(t, "r", summarySrc)
	build := pkg.Func("build")
	results := func(c *ssa.CallCommon) (accesspath.CallResults, bool) {
		if c.StaticCallee() != build {
			return accesspath.CallResults{}, false
		}
		return accesspath.CallResults{Args: []int{0}, Global: true, GlobalResults: []int{1}}, true
	}
	for _, tc := range []struct {
		fn   string
		want []accesspath.Kind // the non-local roots of the writes
	}{
		{"fill", nil},
		{"mask", []accesspath.Kind{accesspath.Param}},
		{"errs", []accesspath.Kind{accesspath.Global}},
	} {
		fn := pkg.Func(tc.fn)
		a := accesspath.New(fn)
		a.Results = results
		var got []accesspath.Kind
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var addr ssa.Value
				switch instr := instr.(type) {
				case *ssa.Store:
					addr = instr.Addr
				case *ssa.Call:
					if bi, ok := instr.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" {
						addr = instr.Call.Args[0]
					}
				}
				if addr == nil {
					continue
				}
				if _, ok := addr.(*ssa.Alloc); ok {
					continue // initialising a local variable
				}
				for _, r := range a.WrittenRoots(addr) {
					if r.Kind != accesspath.Local {
						got = append(got, r.Kind)
					}
				}
			}
		}
		slices.Sort(got)
		got = slices.Compact(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: writes rooted at %v, want %v", tc.fn, got, tc.want)
		}
	}
}
