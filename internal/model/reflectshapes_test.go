package model

import (
	"go/ast"
	"go/parser"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"testing"
)

const walkerSrc = `package w

import (
	"reflect"
	"strings"
	"time"
)

var timeType = reflect.TypeOf(time.Time{})

func Walk(v any) int {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Map:
		return 1
	case reflect.Struct:
		for i := 0; i < rv.NumField(); i++ {
			name, opt := split(rv.Type().Field(i).Tag.Get("enc"))
			if name == "-" || has(opt, "omitempty") {
				continue
			}
		}
		return 2
	}
	if rv.Kind() == reflect.Chan {
		return 3
	}
	return 0
}

func split(tag string) (string, string) {
	name, opt, _ := strings.Cut(tag, ",")
	return name, opt
}

func has(opts, opt string) bool { return opts == opt }
`

// scanned type-checks src as package example.com/w and scans it.
func scanned(t *testing.T, src string) (*types.Package, *ReflectUse) {
	t.Helper()
	f, err := parser.ParseFile(fset, "w.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	pkg, err := (&types.Config{Importer: stdImporter()}).Check("example.com/w", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return pkg, ScanReflect(pkg, []*ast.File{f}, info)
}

// A walker's kinds, tag keys, compared words and time.Time come from its
// syntax: constants named in cases and comparisons, Tag.Get's argument,
// strings compared or handed to its own functions.
func TestScanReflect(t *testing.T) {
	_, u := scanned(t, walkerSrc)
	if u == nil {
		t.Fatal("no reflective use found")
	}
	for _, k := range []reflect.Kind{reflect.Map, reflect.Struct, reflect.Chan} {
		if !u.Has(k) {
			t.Errorf("kind %s not found in %b", k, u.Kinds)
		}
	}
	if u.Has(reflect.Slice) || u.Has(reflect.Int) {
		t.Errorf("kinds %b: the walker names no slice or int", u.Kinds)
	}
	if !slices.Equal(u.TagKeys, []string{"enc"}) {
		t.Errorf("tag keys %q, want [enc]", u.TagKeys)
	}
	if !slices.Contains(u.Words, "-") || !slices.Contains(u.Words, "omitempty") || slices.Contains(u.Words, "enc") {
		t.Errorf("words %q, want - and omitempty, not the key", u.Words)
	}
	if u.Time == nil {
		t.Error("time.Time not found")
	}
	if _, none := scanned(t, "package w\n\nfunc F(v any) bool { return v == \"x\" }\n"); none != nil {
		t.Errorf("a package without reflection: %+v, want nil", none)
	}
}

// The shapes of a walker that takes any: a struct declared in the test
// package with the kinds it names and its tags, value and pointer; maps
// of ints; a struct with a channel; time.Unix for its time.Time field.
// The declaration is Go that type-checks.
func TestReflectShapes(t *testing.T) {
	pkg, u := scanned(t, walkerSrc)
	prog := Build(pkg, Options{Reflect: u})
	if len(prog.Shapes) != 2 || prog.Shapes[0].Name() != "TaggedShape" || prog.Shapes[1].Name() != "ChanShape" {
		t.Fatalf("shapes %v, want TaggedShape and ChanShape", prog.Shapes)
	}
	var lits []string
	unix := false
	for _, op := range prog.Ops {
		if op.Kind == Composite {
			lits = append(lits, types.TypeString(op.Results[0], (*types.Package).Name))
		}
		unix = unix || op.Detective && op.Func != nil && op.Func.FullName() == "time.Unix"
	}
	for _, want := range []string{"w_test.TaggedShape", "*w_test.TaggedShape", "map[string]int", "w_test.ChanShape"} {
		if !slices.Contains(lits, want) {
			t.Errorf("composites %q lack %s", lits, want)
		}
	}
	if slices.Contains(lits, "[]any") || slices.Contains(lits, "map[string]any") {
		t.Errorf("composites %q: a walker naming no slice or interface kind gets no []any or map[string]any", lits)
	}
	if !unix {
		t.Error("no time.Unix producer for the time.Time field")
	}
	decl := ShapeDecl(prog.Shapes[0], (*types.Package).Name)
	for _, want := range []string{"type TaggedShape struct {", "Attrs map[string]int", "When time.Time", "Skipped string `enc:\"-\"`",
		"OmitemptyOpt int `enc:\",omitempty\"`", "Renamed string `enc:\"renamed\"`"} {
		if !strings.Contains(decl, want) {
			t.Errorf("declaration lacks %q:\n%s", want, decl)
		}
	}
	check(t, "example.com/w_test", "package w_test\n\nimport \"time\"\n\nvar _ time.Time\n\n"+decl+"\n")
	// Without an any parameter, no shapes.
	pkg2, u2 := scanned(t, strings.Replace(walkerSrc, "func Walk(v any) int {\n\trv := reflect.ValueOf(v)", "func Walk(v int) int {\n\trv := reflect.ValueOf(v)", 1))
	if prog := Build(pkg2, Options{Reflect: u2}); len(prog.Shapes) != 0 {
		t.Errorf("shapes %v for a package taking no any", prog.Shapes)
	}
}
