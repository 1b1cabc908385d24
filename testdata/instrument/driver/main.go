// Command driver runs fixture scenarios and prints one line per scenario:
// name, result and (when built with -tags gentestcov against the
// instrumented fixture) the coverage observed during the scenario as JSON.
package main

import (
	"fmt"
	"math"

	"example.com/fx/fixture"
)

type scenario struct {
	name string
	run  func() interface{}
}

var scenarios = []scenario{
	{"eq40", func() interface{} { return fixture.Eq42(40) }},
	{"eq42", func() interface{} { return fixture.Eq42(42) }},
	{"eq45", func() interface{} { return fixture.Eq42(45) }},
	{"kinds0", func() interface{} { return fixture.Kinds(0, 0, 0, 0, 0, "") }},
	{"kinds1", func() interface{} { return fixture.Kinds(-128, 1<<63, 0.1, 37, 7, "z") }},
	{"kinds2", func() interface{} { return fixture.Kinds(5, 1<<63-1, float32(0.1)+1e-7, 36.6, 8, "m") }},
	{"loop0", func() interface{} { return fixture.Loop(0) }},
	{"loop10", func() interface{} { return fixture.Loop(10) }},
	{"order", func() interface{} { return fixture.Order() }},
	{"sw1", func() interface{} { return fixture.Sw(1) }},
	{"sw2", func() interface{} { return fixture.Sw(2) }},
	{"sw4", func() interface{} { return fixture.Sw(4) }},
	{"sw5", func() interface{} { return fixture.Sw(5) }},
	{"sw9", func() interface{} { return fixture.Sw(9) }},
	{"swa", func() interface{} { return fixture.SwNoInit("a") }},
	{"swc", func() interface{} { return fixture.SwNoInit("c") }},
	{"swz", func() interface{} { return fixture.SwNoInit("z") }},
	{"tswint", func() interface{} { return fixture.TSw(1) }},
	{"tswbytes", func() interface{} { return fixture.TSw([]byte("x")) }},
	{"tswnil", func() interface{} { return fixture.TSw(nil) }},
	{"tswother", func() interface{} { return fixture.TSw(1.5) }},
	{"swiface1", func() interface{} { return fixture.SwIface(1) }},
	{"swifacea", func() interface{} { return fixture.SwIface("a") }},
	{"swifacenil", func() interface{} { return fixture.SwIface(nil) }},
	{"swifacex", func() interface{} { return fixture.SwIface(2.5) }},
	{"labels3", func() interface{} { return fixture.Labels(3) }},
	{"labels9", func() interface{} { return fixture.Labels(9) }},
	{"lsw0", func() interface{} { return fixture.LabeledSwitch(0) }},
	{"lsw5", func() interface{} { return fixture.LabeledSwitch(5) }},
	{"lessint", func() interface{} { return fixture.Less(1, 2) }},
	{"lessfloat", func() interface{} { return fixture.Less(2.5, 1.0) }},
	{"stack", func() interface{} {
		var s fixture.Stack
		s.Push(1)
		s.Push(-1)
		s.Push(2)
		return s.Len()
	}},
	{"stackempty", func() interface{} { return fixture.Stack{}.Len() }},
	{"inrange", func() interface{} {
		in := fixture.InRange(3, 7)
		return fmt.Sprint(in(2), in(3), in(7))
	}},
	{"strs", func() interface{} { return fixture.Strs("hellp", "b") }},
	{"strs2", func() interface{} { return fixture.Strs("hello", "hello!") }},
	{"shift8", func() interface{} { return fixture.Shift(8) }},
	{"shift3", func() interface{} { return fixture.Shift(3) }},
	{"nan", func() interface{} { return fixture.NaN(math.NaN(), 1) }},
	{"inf", func() interface{} { return fixture.NaN(math.Inf(1), 1) }},
	{"named", func() interface{} { return fmt.Sprint(fixture.Named(true, true), fixture.Named(false, true)) }},
	{"consts", func() interface{} { return fmt.Sprint(fixture.Consts(5), fixture.Consts(5000)) }},
	{"pkg", func() interface{} { return fixture.Pkg }},
	{"select", func() interface{} { return fmt.Sprint(fixture.Select(3), fixture.Select(0)) }},
	{"noprobes", func() interface{} { return fixture.NoProbes() + fixture.Limit }},
	{"strfns", func() interface{} { return fixture.StrFns("gp:x", []byte("xyw"), nil) }},
	{"strfns2", func() interface{} {
		return fixture.StrFns("golang", []byte("axyz"), fmt.Errorf("w: %w", fixture.ErrEmpty))
	}},
	{"strfnsloop", func() interface{} { return fixture.StrFns("azbyr", nil, nil) }},
}

func main() {
	for _, s := range scenarios {
		reset()
		r := s.run()
		fmt.Printf("%s\t%v\t%s\n", s.name, r, dump())
	}
}
