package model

import (
	"go/types"
	"strings"
	"testing"
)

const compositeSrc = `package objs

type Inner struct{ Strict bool }

type Item struct{ SKU string; N int }

type Config struct {
	Name  string
	Inner *Inner
	Items []Item
	Tags  map[string]int
	hidden int
}

type Option func(*Config)

func WithName(n string) Option { return func(c *Config) { c.Name = n } }

func New(opts ...Option) *Config { return &Config{} }

func Use(c Config) bool { return c.Inner != nil }

func (i Item) Cost() int { return i.N }

var Default = Config{Name: "d"}

type fieldKey string

// FieldMap is exported but its keys are not: a literal needs fieldKey("x").
type FieldMap map[fieldKey]string

type Keys []*fieldKey

type Pair [2]*fieldKey

func Format(m FieldMap, ks Keys, p Pair) string { return "" }
`

// With construction options, the model writes literals of the package's
// struct types (fields the options name), of slices and maps whose
// elements are not literals, and reads package variables; without them it
// adds none.
func TestComposites(t *testing.T) {
	pkg := check(t, "example.com/objs", compositeSrc)
	fields := func(tn *types.TypeName) []string {
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		var out []string
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Exported() {
				out = append(out, st.Field(i).Name())
			}
		}
		return out
	}
	c := &Construct{LiteralFields: fields, Vars: []*types.Var{pkg.Scope().Lookup("Default").(*types.Var)}}
	prog := Build(pkg, Options{Construct: c})
	got := map[string]bool{}
	for _, op := range prog.Ops {
		if op.Kind != Composite && op.Kind != Var {
			continue
		}
		var ps []string
		for _, p := range op.Params {
			ps = append(ps, p.Name)
		}
		k := op.FullName() + "(" + strings.Join(ps, ",") + ")"
		if op.Ptr {
			k = "&" + k
		}
		got[k] = true
	}
	for _, want := range []string{
		"literal of example.com/objs.Config(Name,Inner,Items,Tags)",
		"&literal of example.com/objs.Inner(Strict)",
		"literal of []example.com/objs.Item(e)",
		"literal of []example.com/objs.Item(e,e)",
		"literal of map[string]int(k,v)",
		"literal of []example.com/objs.Option(e)",
		"literal of example.com/objs.Item(SKU,N)",
		"variable example.com/objs.Default()",
	} {
		if !got[want] {
			t.Errorf("missing %s; have %v", want, got)
		}
	}
	for _, op := range prog.Ops {
		if op.Kind == Method && op.Func.Name() == "Cost" {
			if _, ptr := op.Params[0].Type.(*types.Pointer); ptr {
				t.Errorf("Item.Cost's receiver is %s: a value built by a literal is called as a value", op.Params[0].Type)
			}
		}
	}
	// A literal whose keys or elements are of a type the test package
	// cannot name does not compile there (logrus.FieldMap's fieldKey).
	for _, op := range prog.Ops {
		if op.Kind != Composite {
			continue
		}
		for _, prm := range op.Params {
			if why := unnameable(prm.Type, pkg); why != "" {
				t.Errorf("%s takes %s: %s", op.FullName(), prm.Type, why)
			}
		}
	}
	for _, op := range Build(pkg, Options{}).Ops {
		if op.Kind == Composite || op.Kind == Var {
			t.Errorf("without construction options the model has %s", op.FullName())
		}
	}
}
