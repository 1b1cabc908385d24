package typedeps_test

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"go/types"
	"slices"
	"testing"

	"github.com/gentest-go/gentest/internal/analyzertest"
	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/analyzers/typedeps"
)

// TestFacts runs the analyzer once on the shapes and impl testdata
// packages and checks what their facts offer the generator.
func TestFacts(t *testing.T) {
	results := analyzertest.Run(t, testdata(t), typedeps.Analyzer, "typedeps/shapes", "typedeps/impl")
	shapes, impl := results[0].Result.(*typedeps.PackageTypes), results[1].Result.(*typedeps.PackageTypes)
	t.Run("Index", func(t *testing.T) { testIndex(t, impl) })
	t.Run("Graph", func(t *testing.T) { testGraph(t, shapes, impl) })
	t.Run("Encoding", func(t *testing.T) { testEncoding(t, impl) })
}

func testIndex(t *testing.T, impl *typedeps.PackageTypes) {
	got := make(map[string]typedeps.TypeDeps)
	for _, d := range impl.Index {
		got[d.Type] = d
	}
	for _, want := range []typedeps.TypeDeps{
		{
			Type:      "typedeps/shapes.Shape",
			Producers: []string{"typedeps/impl.NewCircle", "typedeps/impl.Square{}"},
			Consumers: []string{"typedeps/impl.Measure"},
		},
		{
			Type:      "typedeps/impl.Circle",
			Producers: []string{"typedeps/impl.NewCircle"},
			Consumers: []string{"(*typedeps/impl.Circle).Area"},
		},
		{
			Type:      "io.Reader",
			Producers: []string{"typedeps/impl.Open"},
			Consumers: []string{"typedeps/impl.Measure"},
		},
		{
			// The trailing error of NewCircle is no producer of error.
			Type:      "typedeps/impl.secret",
			Consumers: []string{"typedeps/impl.use"},
		},
	} {
		if diff := cmp.Diff(want, got[want.Type]); diff != "" {
			t.Errorf("index of %s mismatch (-want +got):\n%s", want.Type, diff)
		}
	}
	if _, ok := got["error"]; ok {
		t.Errorf("error indexed although only a trailing error result produces it: %+v", got["error"])
	}
}

// testGraph unions the facts of two packages: the implementer of
// shapes.Shape lives in impl, which shapes does not import.
func testGraph(t *testing.T, shapes, impl *typedeps.PackageTypes) {
	for _, g := range []*typedeps.Graph{typedeps.NewGraph(shapes, impl), typedeps.NewGraph(impl, nil, shapes)} {
		if diff := cmp.Diff([]string{"*typedeps/impl.Circle", "typedeps/impl.Square"}, g.Implementers("typedeps/shapes.Shape")); diff != "" {
			t.Errorf("Implementers mismatch (-want +got):\n%s", diff)
		}
		var names []string
		for _, op := range g.Producers("typedeps/shapes.Shape") {
			names = append(names, op.Name)
		}
		// Square's Area method yields a float64, not a Square: only
		// operations whose results are implementers count.
		if diff := cmp.Diff([]string{"typedeps/impl.NewCircle", "typedeps/impl.Square{}"}, names); diff != "" {
			t.Errorf("Producers(Shape) mismatch (-want +got):\n%s", diff)
		}
		names = names[:0]
		for _, op := range g.Consumers("typedeps/shapes.Shape") {
			names = append(names, op.Name)
		}
		if diff := cmp.Diff([]string{"(typedeps/shapes.Shape).Area", "typedeps/impl.Measure", "typedeps/shapes.Total"}, names); diff != "" {
			t.Errorf("Consumers(Shape) mismatch (-want +got):\n%s", diff)
		}
		if info, ok := g.Type("*typedeps/impl.Circle"); !ok || info.Class != typedeps.Constructor {
			t.Errorf("Type(*Circle) = %+v, %v; want class constructor", info, ok)
		}
	}
}

func testEncoding(t *testing.T, impl *typedeps.PackageTypes) {
	var first []byte
	for i := range 3 {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(impl); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = slices.Clone(buf.Bytes())
			var back typedeps.PackageTypes
			if err := gob.NewDecoder(&buf).Decode(&back); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(impl, &back); diff != "" {
				t.Errorf("gob round trip mismatch (-want +got):\n%s", diff)
			}
		} else if !bytes.Equal(first, buf.Bytes()) {
			t.Errorf("encoding %d differs from the first", i)
		}
	}
	js, err := json.Marshal(impl.PackageJSON())
	if err != nil {
		t.Fatalf("PackageJSON does not marshal: %v", err)
	}
	for _, key := range []string{`"types"`, `"operations"`, `"implements"`, `"type_index"`} {
		if !bytes.Contains(js, []byte(key)) {
			t.Errorf("PackageJSON lacks %s", key)
		}
	}
}

// TestTypesAPI exercises the go/types functions the generator calls on
// packages it loaded, without facts.
func TestTypesAPI(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedTypes | packages.NeedName}, "io", "strings", "bytes")
	if err != nil {
		t.Fatal(err)
	}
	byPath := make(map[string]*types.Package)
	var all []*types.Package
	for _, p := range pkgs {
		byPath[p.PkgPath] = p.Types
		all = append(all, p.Types)
	}
	reader := byPath["io"].Scope().Lookup("Reader").Type()

	var impls []string
	for _, ti := range typedeps.Implementers(reader.Underlying().(*types.Interface), all) {
		impls = append(impls, ti.String())
	}
	for _, want := range []string{"*bytes.Buffer", "*bytes.Reader", "*strings.Reader", "*io.SectionReader"} {
		if !slices.Contains(impls, want) {
			t.Errorf("Implementers(io.Reader) = %v, lacks %s", impls, want)
		}
	}

	var prods []string
	for _, fn := range typedeps.Producers(reader, []*types.Package{byPath["strings"], byPath["bytes"]}) {
		prods = append(prods, fn.FullName())
	}
	for _, want := range []string{"strings.NewReader", "bytes.NewBufferString", "bytes.NewReader"} {
		if !slices.Contains(prods, want) {
			t.Errorf("Producers(io.Reader) = %v, lacks %s", prods, want)
		}
	}

	for _, tc := range []struct {
		pkg, name string
		want      typedeps.Class
	}{
		{"strings", "Reader", typedeps.ZeroValue},        // fields are basic values
		{"bytes", "Buffer", typedeps.ZeroValue},          // []byte, int, readOp
		{"strings", "Builder", typedeps.Unconstructible}, // structurally: unexported pointer, no producer; see below
		{"io", "Reader", typedeps.Interface},             //
		{"io", "SectionReader", typedeps.Constructor},    // unexported ReaderAt field; NewSectionReader
	} {
		named := byPath[tc.pkg].Scope().Lookup(tc.name).Type().(*types.Named)
		if got := typedeps.Constructibility(named); got != tc.want {
			t.Errorf("Constructibility(%s.%s) = %v, want %v", tc.pkg, tc.name, got, tc.want)
		}
	}

	// With its documentation, strings.Builder's zero value is usable.
	builder := byPath["strings"].Scope().Lookup("Builder").Type().(*types.Named)
	c := &typedeps.Classifier{Doc: func(*types.TypeName) string {
		return "A Builder is used to efficiently build a string.\nThe zero value is ready to use.\n"
	}}
	if got := c.Classify(builder); got != typedeps.ZeroValue {
		t.Errorf("Classify(strings.Builder) with doc = %v, want zero", got)
	}
}
