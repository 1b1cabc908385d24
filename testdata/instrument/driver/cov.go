//go:build gentestcov

package main

import (
	"encoding/json"
	"fmt"

	rt "example.com/fx/fixture/zz_gentest_rt"
)

func reset() {
	rt.KeepOperands(true)
	rt.Reset()
}

func dump() string {
	type cond struct {
		ID                  int32
		NTrue, NFalse       uint32
		DistTrue, DistFalse float64
	}
	// Operands as recorded; floats as text, since JSON has no NaN.
	type operand struct {
		Branch int32
		Kind   [2]uint8
		I      [2]int64
		U      [2]uint64
		F      [2]string
		S      [2]string
		Cut    [2]bool
	}
	var out struct {
		Blocks   []int32
		Branches []int32
		Conds    []cond
		Operands []operand
	}
	for _, o := range rt.Operands(nil) {
		var f [2]string
		for k := range f {
			if o.Kind[k] == rt.OperandFloat {
				f[k] = fmt.Sprint(o.F[k])
			}
		}
		out.Operands = append(out.Operands, operand{o.Branch, o.Kind, o.I, o.U, f, o.S, o.Cut})
	}
	out.Blocks = rt.CoveredBlocks(nil)
	out.Branches = rt.CoveredBranches(nil)
	for _, c := range rt.Conds(nil) {
		out.Conds = append(out.Conds, cond{c.ID, c.NTrue, c.NFalse, c.DistTrue, c.DistFalse})
	}
	b, err := json.Marshal(out)
	if err != nil {
		panic(err)
	}
	return string(b)
}
