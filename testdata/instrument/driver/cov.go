//go:build gentestcov

package main

import (
	"encoding/json"

	rt "example.com/fx/fixture/zz_gentest_rt"
)

func reset() { rt.Reset() }

func dump() string {
	type cond struct {
		ID                  int32
		NTrue, NFalse       uint32
		DistTrue, DistFalse float64
	}
	var out struct {
		Blocks   []int32
		Branches []int32
		Conds    []cond
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
