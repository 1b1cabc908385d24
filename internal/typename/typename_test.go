package typename_test

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/typename"
)

func TestShort(t *testing.T) {
	for in, want := range map[string]string{
		"int":                                     "int",
		"example.com/x/enums.Blue":                "enums.Blue",
		"map[string]*example.com/x/b.Shape":       "map[string]*b.Shape",
		"(*example.com/x/a.B).M":                  "(*a.B).M",
		"func(a/b.C, []d/e/f.G) (h.I, error)":     "func(b.C, []f.G) (h.I, error)",
		"struct{X example.com/p.T; Y chan q/r.S}": "struct{X p.T; Y chan r.S}",
		"": "",
	} {
		if got := typename.Short(in); got != want {
			t.Errorf("Short(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestKind(t *testing.T) {
	for _, test := range []struct {
		t    types.Type
		want string
	}{
		{types.NewStruct(nil, nil), "struct"},
		{types.NewInterfaceType(nil, nil), "interface"},
		{types.Typ[types.Int], "basic"},
		{types.NewSlice(types.Typ[types.Int]), "slice"},
		{types.NewArray(types.Typ[types.Int], 2), "array"},
		{types.NewMap(types.Typ[types.String], types.Typ[types.Int]), "map"},
		{types.NewPointer(types.Typ[types.Int]), "pointer"},
		{types.NewSignatureType(nil, nil, nil, nil, nil, false), "func"},
		{types.NewChan(types.SendRecv, types.Typ[types.Int]), "chan"},
		{types.NewTuple(), "other"},
	} {
		if got := typename.Kind(test.t); got != test.want {
			t.Errorf("Kind(%v) = %q, want %q", test.t, got, test.want)
		}
	}
}
