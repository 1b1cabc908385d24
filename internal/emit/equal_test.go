package emit

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/oracle"
)

// Trees of the fixture's values that are not basic.
func strsTree(ss ...string) *rt.Tree {
	t := &rt.Tree{Kind: rt.TSlice, Type: "[]string"}
	for _, s := range ss {
		t.Elems = append(t.Elems, *tree(s))
	}
	return t
}

func structTree(typ string, fields []string, vals ...int) rt.Tree {
	t := rt.Tree{Kind: rt.TStruct, Type: "p." + typ, Named: "example.com/p." + typ, Exported: true, Fields: fields}
	for _, v := range vals {
		t.Elems = append(t.Elems, *tree(v))
	}
	return t
}

// valueCases are cases whose results are not basic values: a struct with
// an Equal method, a comparable struct and a pointer to one, slices
// (strings, nil, bytes, nested) and a map.
func valueCases(t testing.TB, prog *model.Program) []*oracle.Case {
	b := &builder{t: t, prog: prog, key: 200}
	point := structTree("Point", []string{"X", "Y"}, 1, 2)
	box := structTree("Box", []string{"W", "H"}, 2, 3)
	boxPtr := &rt.Tree{Kind: rt.TPtr, Type: "*p.Box", Elems: []rt.Tree{box}}
	row := rt.Tree{Kind: rt.TSlice, Type: "[]int", Elems: []rt.Tree{*tree(0), *tree(0)}}
	count := &rt.Tree{Kind: rt.TMap, Type: "map[string]int", Elems: []rt.Tree{*tree("a"), *tree(2), *tree("b"), *tree(1)}}
	return []*oracle.Case{
		b.cs(one("NewPoint", num(1), num(2)), &point),
		b.cs(one("NewBox", num(2), num(3)), &box),
		b.cs(one("NewBoxPtr", num(2), num(3)), boxPtr),
		b.cs(one("Fields", str("a,b")), strsTree("a", "b")),
		b.cs(one("Fields", str("c")), strsTree("c")),
		b.cs(one("Upper", str("ab")), &rt.Tree{Kind: rt.TBytes, Type: "[]uint8", S: "AB"}),
		b.cs(one("Count", str("aba")), count),
		b.cs(one("Grid", num(2)), &rt.Tree{Kind: rt.TSlice, Type: "[][]int", Elems: []rt.Tree{row, row}}),
	}
}

// renderValues renders the fixture's cases and valueCases with opts.
func renderValues(t *testing.T, opts Options) (*model.Program, *Output) {
	t.Helper()
	prog := load(t)
	out, err := Render(prog, append(fixtureCases(t, prog), valueCases(t, prog)...), opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Skipped) > 0 {
		t.Fatalf("skipped %v", out.Skipped)
	}
	return prog, out
}

// Without go-cmp, each value is compared as a Go programmer would with
// the standard library; slices and maps only where the module's go line
// has them; no go-cmp import and no build line.
func TestStdChecks(t *testing.T) {
	_, out := renderValues(t, Options{})
	src := string(out.Src)
	for fn, want := range map[string]string{
		"TestNewPoint":  "if !got.Equal(p.Point{X: 1, Y: 2}) {",
		"TestNewBox":    "if got != (p.Box{W: 2, H: 3}) {",
		"TestNewBoxPtr": "if *got != (p.Box{W: 2, H: 3}) {",
		"TestFields":    "if !slices.Equal(got, tt.want) {",
		"TestUpper":     `if !bytes.Equal(got, []byte("AB")) {`,
		"TestCount":     `if !maps.Equal(got, map[string]int{"a": 2, "b": 1}) {`,
		"TestGrid":      "if !reflect.DeepEqual(got, [][]int{{0, 0}, {0, 0}}) {",
	} {
		mustContain(t, fn, funcSrc(t, out.Src, fn), want)
	}
	mustContain(t, "TestGrid", funcSrc(t, out.Src, "TestGrid"), `t.Errorf("Grid(2) = %#v, want %#v", got, [][]int{{0, 0}, {0, 0}})`)
	mustContain(t, "TestFields", funcSrc(t, out.Src, "TestFields"), `t.Errorf("Fields(%q) = %q, want %q", tt.in, got, tt.want)`)
	if out.UsesCmp || strings.Contains(src, "go-cmp") || strings.Contains(src, "//go:build") {
		t.Errorf("go-cmp or a build line without Options.Cmp:\n%s", src)
	}

	// A module older than go1.21: no slices or maps package.
	_, old := renderValues(t, Options{GoVersion: "1.20"})
	mustContain(t, "TestFields", funcSrc(t, old.Src, "TestFields"), "if !reflect.DeepEqual(got, tt.want) {")
	mustContain(t, "TestCount", funcSrc(t, old.Src, "TestCount"), `if !reflect.DeepEqual(got, map[string]int{"a": 2, "b": 1}) {`)
	mustContain(t, "TestUpper", funcSrc(t, old.Src, "TestUpper"), `if !bytes.Equal(got, []byte("AB")) {`)
	if s := string(old.Src); strings.Contains(s, `"slices"`) || strings.Contains(s, `"maps"`) || strings.Contains(s, "//go:build") {
		t.Errorf("slices, maps or a build line for a go1.20 module:\n%s", s)
	}

	// A row that wants nil: slices.Equal would take an empty slice for
	// it, reflect.DeepEqual does not, as cmp.Diff without EquateEmpty.
	prog := load(t)
	b := &builder{t: t, prog: prog, key: 300}
	nilRow, err := Render(prog, append(valueCases(t, prog), b.cs(one("Fields", str("")), &rt.Tree{Kind: rt.TNil})), Options{})
	if err != nil {
		t.Fatal(err)
	}
	mustContain(t, "TestFields", funcSrc(t, nilRow.Src, "TestFields"), `{name: "empty", in: ""},`,
		"if !reflect.DeepEqual(got, tt.want) {", `t.Errorf("Fields(%q) = %#v, want %#v", tt.in, got, tt.want)`)

	// With go-cmp, as before: cmp.Diff for every value that is not basic.
	_, withCmp := renderValues(t, Options{Cmp: true})
	if !withCmp.UsesCmp {
		t.Error("UsesCmp false with Options.Cmp")
	}
	for _, fn := range []string{"TestNewPoint", "TestNewBox", "TestNewBoxPtr", "TestUpper", "TestCount", "TestGrid"} {
		mustContain(t, fn, funcSrc(t, withCmp.Src, fn), "if diff := cmp.Diff(")
	}
}

// A build line only where the file uses what the module's go line lacks:
// fuzz targets (testing.F) need go1.18, errors.Is go1.13.
func TestBuildLine(t *testing.T) {
	for _, tc := range []struct {
		goVersion string
		fuzz      bool
		want      string
	}{
		{"", true, ""},
		{"1.26", true, ""},
		{"1.18", true, ""},
		{"1.16", true, "//go:build go1.18\n"},
		{"1.16", false, ""},
	} {
		_, out := renderValues(t, Options{GoVersion: tc.goVersion, Fuzz: tc.fuzz})
		got := ""
		if m := regexp.MustCompile(`(?m)^//go:build .*\n`).Find(out.Src); m != nil {
			got = string(m)
		}
		if got != tc.want {
			t.Errorf("go %q, fuzz %v: build line %q, want %q", tc.goVersion, tc.fuzz, got, tc.want)
		}
	}
	// errors.Is and errors.As came with Go 1.13, t.Cleanup with 1.14.
	r := newRenderer(load(t), Options{GoVersion: "1.12"})
	r.use("errors")
	if got := r.buildLine(); got != "go1.13" {
		t.Errorf("build line with errors in a go1.12 module = %q, want go1.13", got)
	}
	r.need("go1.14")
	r.need("go1.13")
	if got := r.buildLine(); got != "go1.14" {
		t.Errorf("build line after go1.14 and go1.13 = %q, want the newer", got)
	}
	// Options.BuildTag wins.
	_, out := renderValues(t, Options{GoVersion: "1.16", Fuzz: true, BuildTag: "go1.21"})
	mustContain(t, "file", string(out.Src), "//go:build go1.21\n")
}

// A package under test named like a standard package the checks import
// gets that import under another name.
func TestStdImportClash(t *testing.T) {
	r := newRenderer(load(t), Options{})
	r.imports["example.com/bytes"] = "bytes"
	if got := r.use("bytes"); got != "gobytes" {
		t.Errorf("use(bytes) beside a package named bytes = %q, want gobytes", got)
	}
	if got := r.use("bytes"); got != "gobytes" {
		t.Errorf("second use(bytes) = %q, want gobytes", got)
	}
}

// writeModule writes the fixture and files into a new module directory
// and returns a go command runner in it, with no network.
func writeModule(t *testing.T, files map[string]string) func(args ...string) (string, error) {
	t.Helper()
	dir := t.TempDir()
	fix, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	files["p.go"] = string(fix)
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return func(args ...string) (string, error) {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off")
		b, err := cmd.CombinedOutput()
		return string(b), err
	}
}

// The std-only file compiles, passes go vet and runs green in a module
// that requires nothing (no go.sum, no network), with a recent go line and
// with go 1.16, where its fuzz targets put it behind go1.18.
func TestStdCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the go command")
	}
	for _, goVersion := range []string{"1.26", "1.16"} {
		_, out := renderValues(t, Options{Fuzz: true, GoVersion: goVersion})
		gocmd := writeModule(t, map[string]string{
			"go.mod":            "module example.com/p\n\ngo " + goVersion + "\n",
			"p_gentest_test.go": string(out.Src),
		})
		if o, err := gocmd("vet", "."); err != nil {
			t.Fatalf("go %s: go vet: %v\n%s\n%s", goVersion, err, o, out.Src)
		}
		o, err := gocmd("test", "-count=1", "-v", ".")
		if err != nil {
			t.Fatalf("go %s: go test: %v\n%s\n%s", goVersion, err, o, out.Src)
		}
		for _, fn := range []string{"TestNewPoint", "TestNewBox", "TestNewBoxPtr", "TestFields", "TestUpper", "TestCount", "TestGrid"} {
			if !strings.Contains(o, "--- PASS: "+fn) {
				t.Errorf("go %s: %s did not pass:\n%s", goVersion, fn, o)
			}
		}
	}
}
