// Command driver runs the fixture's functions with each mutant active and
// prints, per mutant and scenario, the result, the mutants infected and
// the blocks covered, as JSON lines (see mutate_e2e_test.go).
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"example.com/mx/fixture"
	rt "example.com/mx/fixture/zz_gentest_rt"
)

type line struct {
	M        int
	S        string
	R        string
	Infected []int32
	Blocks   []int32
}

var scenarios = []struct {
	name string
	run  func() any
}{
	{"scale", func() any { return fixture.Scale(3, 4) }},
	{"scale0", func() any { return fixture.Scale(0, 5) }},
	{"avg", func() any { return fixture.Avg(1, 4) }},
	{"clampLow", func() any { return fixture.Clamp(-5, 1, 10) }},
	{"clampHigh", func() any { return fixture.Clamp(50, 1, 10) }},
	{"clampMid", func() any { return fixture.Clamp(5, 1, 10) }},
	{"adult17", func() any { return fixture.Adult(17) }},
	{"adult18", func() any { return fixture.Adult(18) }},
	{"bothTF", func() any { return fixture.Both(true, false) }},
	{"bothFF", func() any { return fixture.Both(false, false) }},
	{"eitherTF", func() any { return fixture.Either(true, false) }},
	{"eitherFF", func() any { return fixture.Either(false, false) }},
	{"sum", func() any { return fixture.Sum([]int{1, -2, 3, 200, 4}) }},
	{"checkPos", func() any { n, err := fixture.Check(3); return fmt.Sprint(n, err) }},
	{"checkNeg", func() any { n, err := fixture.Check(-1); return fmt.Sprint(n, err) }},
	{"counter", func() any { var c fixture.Counter; c.Inc(); c.Inc(); n, l := c.Report(); return fmt.Sprint(n, l) }},
	{"emptyYes", func() any { return fixture.IsEmpty("") }},
	{"emptyNo", func() any { return fixture.IsEmpty("x") }},
	{"double", func() any { return fixture.Double(21.5) }},
	{"next", func() any { return fixture.Next(41) }},
	{"mask", func() any { return fixture.Mask(0xf4) }},
	{"grade1", func() any { return fixture.Grade(1) }},
	{"grade3", func() any { return fixture.Grade(3) }},
	{"grade9", func() any { return fixture.Grade(9) }},
	{"walk1", func() any { return fixture.Walk(fixture.Ring(false)) }},
	{"walk3", func() any { return fixture.Walk(fixture.Ring(true)) }},
	{"setSame", func() any { return fmt.Sprint(fixture.Set([]int{1, 2}, 1, 2)) }},
	{"setNew", func() any { return fmt.Sprint(fixture.Set([]int{1, 2}, 0, 5)) }},
	{"getZero", func() any { return fixture.Get([]int{0, 5}, 0) }},
	{"getFive", func() any { return fixture.Get([]int{0, 5}, 1) }},
	{"firstEmpty", func() any { return fixture.First([]string{"", "b"}) }},
	{"firstA", func() any { return fixture.First([]string{"a", ""}) }},
}

// run runs one scenario, a panic being its result.
func run(f func() any) (r string) {
	defer func() {
		if p := recover(); p != nil {
			r = fmt.Sprint("panic: ", p)
		}
	}()
	return fmt.Sprint(f())
}

func main() {
	enc := json.NewEncoder(os.Stdout)
	for m := 0; m <= rt.NumMutants(); m++ {
		rt.SetMutant(m)
		for _, s := range scenarios {
			rt.Reset()
			rt.ResetMutants()
			r := run(s.run)
			if err := enc.Encode(line{M: m, S: s.name, R: r, Infected: rt.InfectedMutants(nil), Blocks: rt.CoveredBlocks(nil)}); err != nil {
				panic(err)
			}
		}
	}
}
