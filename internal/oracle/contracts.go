package oracle

import (
	"go/types"
	"strings"

	"github.com/gentest-go/gentest/internal/corpus"
	"github.com/gentest-go/gentest/internal/executor"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Default contracts (Randoop thesis §7.7, the Go forms of its
// equals/hashCode/toString contracts). Each is checked on values from the
// pool after the search, and a violation becomes a finding:
//
//	equal-reflexive       x.Equal(x) is true
//	equal-symmetric       x.Equal(y) == y.Equal(x)
//	compare-antisymmetric sign(x.Compare(y)) == -sign(y.Compare(x))
//	compare-equal         x.Compare(y) == 0 exactly when x.Equal(y)
//	string-panics         String, Error and GoString do not panic on a non-nil value
//	marshal-roundtrip     Unmarshal(Marshal(x)) gives a value equal to x,
//	                      for Text, JSON and Binary
//	clone-equal           x.Clone() equals x
//	pure-repeat           a function the purity facts call pure, called
//	                      again with the same arguments, returns an equal
//	                      result (checked by the executor on the candidates)
//
// Contracts are switched off all together with -no=contracts, or one by
// one by name.

// ContractNames are the contract names -no accepts.
var ContractNames = []string{"equal-reflexive", "equal-symmetric", "compare-antisymmetric", "compare-equal", "string-panics", "marshal-roundtrip", "clone-equal", "pure-repeat"}

// contractValuesPerType bounds how many pooled values of a type are
// checked: the contracts are cheap, but the pool can hold thousands.
const contractValuesPerType = 12

// Contracts runs the default contracts on pooled values and returns the
// violations as findings. Disabled switches contracts off by name, or all
// of them with "contracts".
func Contracts(prog *model.Program, runner executor.Runner, pooled []corpus.Pooled, disabled map[string]bool) []*Finding {
	if disabled["contracts"] {
		return nil
	}
	var runnable []*contractCheck
	var reqs []rt.Request
	for _, c := range contractChecks(prog, pooled) {
		if disabled[c.kind] || !c.build(prog) {
			continue
		}
		runnable = append(runnable, c)
		reqs = append(reqs, c.base.Wire(uint64(len(reqs)), rt.FlagDetail))
	}
	outs := runner.Run(reqs)
	var found []*Finding
	seen := map[string]bool{}
	dom := newDomains(prog, runner, pooled)
	for i, c := range runnable {
		msg, bad := c.violated(outs[i])
		if !bad {
			continue
		}
		key := c.kind + " " + c.method.FullName()
		if seen[key] {
			continue
		}
		base := &seq.Seq{Stmts: c.base.Stmts[:c.nbase]}
		if c.excused(prog, base, outs[i].Result, msg, dom) {
			continue
		}
		seen[key] = true
		check := FindingCheck{Kind: c.kind, Stmt: c.x.Stmt, Result: c.x.Result, Method: c.method.Func.Name()}
		if c.y != nil {
			y := *c.y
			check.Other = &y
		}
		found = append(found, &Finding{
			Case:     &Case{Seq: base, Target: c.target, Key: -1 - i},
			Kind:     c.kind,
			Message:  msg,
			Function: c.method.FullName(),
			Check:    check,
		})
	}
	return found
}

// contractChecks lists the checks of the contracts on pooled values, up
// to contractValuesPerType values of each type: those whose sequences
// reached new code first (they took a different path, a Money in yen,
// where a pool of literals holds many values alike), then the others, in
// pool order.
func contractChecks(prog *model.Program, pooled []corpus.Pooled) []*contractCheck {
	byType := map[string][]corpus.Pooled{}
	var order []string
	for _, earned := range []bool{true, false} {
		for _, v := range pooled {
			if v.Earned != earned {
				continue
			}
			k := types.TypeString(v.Type, nil)
			if _, ok := byType[k]; !ok {
				order = append(order, k)
			}
			if len(byType[k]) < contractValuesPerType {
				byType[k] = append(byType[k], v)
			}
		}
	}
	var checks []*contractCheck
	for _, k := range order {
		vals := byType[k]
		t := vals[0].Type
		for _, op := range prog.Ops {
			if op.Kind != model.Method || !op.UnderTest || !types.AssignableTo(t, op.Params[0].Type) {
				continue
			}
			checks = append(checks, methodChecks(prog, op, t, vals)...)
		}
	}
	return checks
}

// methodChecks lists the checks of the contract method op stands for
// (Equal, Compare, String, a Marshal method, Clone), if any, on vals,
// values of type t.
func methodChecks(prog *model.Program, op *model.Op, t types.Type, vals []corpus.Pooled) []*contractCheck {
	var checks []*contractCheck
	name := op.Func.Name()
	switch {
	case name == "Equal" && len(op.Params) == 2 && isBool(op) && types.AssignableTo(t, op.Params[1].Type):
		for i, v := range vals {
			checks = append(checks, pairCheck("equal-reflexive", op, v, v))
			if i+1 < len(vals) {
				checks = append(checks, pairCheck("equal-symmetric", op, v, vals[i+1]))
			}
		}
	case name == "Compare" && len(op.Params) == 2 && isInt(op) && types.AssignableTo(t, op.Params[1].Type):
		for i := 0; i+1 < len(vals); i++ {
			checks = append(checks, pairCheck("compare-antisymmetric", op, vals[i], vals[i+1]))
			if eq := findMethod(prog, t, "Equal"); eq != nil {
				c := pairCheck("compare-equal", op, vals[i], vals[i+1])
				c.inverse = "Equal"
				checks = append(checks, c)
			}
		}
	case (name == "String" || name == "Error" || name == "GoString") && len(op.Params) == 1:
		for _, v := range vals {
			checks = append(checks, unaryCheck("string-panics", op, v))
		}
	case (name == "MarshalText" || name == "MarshalJSON" || name == "MarshalBinary") && len(op.Params) == 1:
		inv := "Un" + strings.ToLower(name[:1]) + name[1:]
		if findMethod(prog, types.NewPointer(deref(t)), inv) == nil {
			return nil
		}
		for _, v := range vals {
			c := unaryCheck("marshal-roundtrip", op, v)
			c.inverse = inv
			checks = append(checks, c)
		}
	case name == "Clone" && len(op.Params) == 1 && len(op.Results) == 1:
		for _, v := range vals {
			checks = append(checks, unaryCheck("clone-equal", op, v))
		}
	}
	return checks
}
