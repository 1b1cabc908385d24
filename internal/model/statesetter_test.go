package model_test

import (
	"go/types"
	"testing"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/modeltest"
)

// A function that writes package state and returns only an error is a
// state setter, left out without a getter; a decoder that fills its
// destination and caches what it learnt of the destination's type in a
// package map (yaml.v3's and msgpack's Unmarshal, issue 32's bug
// benchmark) is called for the destination, and stays in.
func TestStateSetterDecoders(t *testing.T) {
	const src = `package m

var mode string
var cache = map[string]int{}

func SetMode(m string) error { mode = m; return nil }

func Unmarshal(data []byte, v interface{}) error { cache[string(data)]++; return nil }

type Decoder struct{ n int }

func (d *Decoder) Decode(v interface{}) error { d.n++; cache["x"]++; return nil }
`
	pkg := modeltest.Check(t, "example.com/m", src)
	effects := func(fn *types.Func) model.Effects {
		e := model.Effects{Known: true, WritesGlobal: true}
		if fn.Name() == "Decode" {
			e.MutatesRecv = true
		}
		return e
	}
	prog := model.Build(pkg, model.Options{Effects: effects})
	ids := modeltest.OpIDs(prog)
	for name, want := range map[string]bool{"SetMode": false, "Unmarshal": true, "Decoder.Decode": true} {
		if _, ok := ids[name]; ok != want {
			t.Errorf("%s: an operation %v, want %v (excluded %v)", name, ok, want, prog.Excluded)
		}
	}
}
