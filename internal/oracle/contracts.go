package oracle

import (
	"go/token"
	"go/types"
	"math"
	"strings"

	"github.com/gentest-go/gentest/analyzers/typedeps"
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

type contractCheck struct {
	kind   string
	method *model.Op
	base   *seq.Seq // produces x (and y) and ends with the check's statements
	x      seq.Arg
	y      *seq.Arg
	nbase  int // statements before the check's own
	target int // statement whose result is x
	// roundtrip: the Unmarshal method's name
	inverse string
	// viaEqual: the check ends with x.Equal(result), which decides.
	viaEqual bool
	// unmarshal is the statement of the round trip's Unmarshal call.
	unmarshal int
	// eqAt is the statement of the x.Equal(x) that starts the Equal
	// pair deciding a viaEqual check.
	eqAt int
	// zeroEnc, for a round trip, is the statement marshaling a fresh
	// zero value with the same method, 0 when the program has no zero
	// value of the method's receiver type; zeroEnc-1 makes that zero.
	zeroEnc int
}

// Contracts runs the default contracts on pooled values and returns the
// violations as findings. Disabled switches contracts off by name, or all
// of them with "contracts".
func Contracts(prog *model.Program, runner executor.Runner, pooled []corpus.Pooled, disabled map[string]bool) []*Finding {
	if disabled["contracts"] {
		return nil
	}
	byType := map[string][]corpus.Pooled{}
	var order []string
	// Values whose sequences reached new code first: they are the ones
	// that took a different path (a Money in yen), where a pool of
	// literals holds many values alike; then the others, in pool order.
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
					continue
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
		}
	}
	var runnable []*contractCheck
	var reqs []rt.Request
	for _, c := range checks {
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
		if Illegal(prog, base, outs[i].Result, -1) != "" {
			continue // values built from illegal inputs promise nothing
		}
		if outsideDomain(prog, base, dom) != "" {
			// A literal put a number the package does not vouch for into
			// a field (toml.LocalTime{Nanosecond: -72}, regexp2.Capture{
			// Index: 284}): a value outside the type's domain (rule 9).
			continue
		}
		if c.kind == "string-panics" && Illegal(prog, &seq.Seq{Stmts: c.base.Stmts[:c.nbase+1]}, outs[i].Result, c.nbase) != "" {
			// The rules hold for the whole test, the panicking call
			// included: a String that documents its panic ("It panics
			// if d is not a day of the week"), or an accessor of an
			// iterator before its advance returned true.
			continue
		}
		if c.kind == "marshal-roundtrip" && !strings.Contains(msg, " panicked on what ") && c.zerosFailure(outs[i].Result) {
			// x encodes as the zero value does: its round trip is the
			// zero value's, and its failure too. NullUUID{UUID: u} with
			// Valid false marshals as "null", like NullUUID{}. A panic
			// in Unmarshal is a bug on any bytes.
			continue
		}
		if c.kind == "marshal-roundtrip" && strings.Contains(msg, " rejected what ") && untouchedZero(prog, base, c.x.Stmt) {
			// The package's own parser says the zero value is outside the
			// type's domain (toml.LocalDate{} is the date 0000-00-00): a
			// value no one should marshal, not a broken round trip.
			continue
		}
		if c.kind == "marshal-roundtrip" && len(c.method.Params) > 0 && zeroNeedsInit(c.method.Params[0].Type) {
			// The round trip decodes into a fresh zero value, and this
			// type's zero value leaves a field nil that its constructor
			// sets (a redblacktree.Tree without its Comparator): decoding
			// into it is a nil input (rule 1), whatever the encoding.
			continue
		}
		if c.kind == "marshal-roundtrip" && fieldConfigured(prog, base, c.x) {
			// A flag the caller assigned after the constructor
			// (semver.Constraints.IncludePrerelease) is configuration of
			// the object, not part of what it encodes: the decoded value
			// has the default, as documented for such options.
			continue
		}
		if c.kind == "marshal-roundtrip" && strings.Contains(msg, " rejected what ") && unvalidatedText(prog, base, c.x.Stmt) != "" {
			// The decoder validates text the builder took as it was
			// (semver.New(71, 1, 0, "", "a b") keeps metadata the parser
			// rejects): the value is outside the type's domain.
			continue
		}
		seen[key] = true
		check := FindingCheck{Kind: c.kind, Stmt: c.x.Stmt, Result: c.x.Result, Method: c.method.Func.Name()}
		if c.kind == "string-panics" {
			check.Kind = "string-panics"
		}
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

func pairCheck(kind string, op *model.Op, x, y corpus.Pooled) *contractCheck {
	s := &seq.Seq{}
	ox := s.Append(x.Seq)
	c := &contractCheck{kind: kind, method: op, x: seq.Ref(ox+x.Stmt, x.Result), target: ox + x.Stmt}
	if x.Seq == y.Seq && x.Stmt == y.Stmt && x.Result == y.Result {
		c.y = nil
		if kind != "equal-reflexive" {
			yy := c.x
			c.y = &yy
		}
	} else {
		oy := s.Append(y.Seq)
		yy := seq.Ref(oy+y.Stmt, y.Result)
		c.y = &yy
		c.target = oy + y.Stmt
	}
	c.base = s
	return c
}

func unaryCheck(kind string, op *model.Op, x corpus.Pooled) *contractCheck {
	s := &seq.Seq{}
	ox := s.Append(x.Seq)
	return &contractCheck{kind: kind, method: op, base: s, x: seq.Ref(ox+x.Stmt, x.Result), target: ox + x.Stmt}
}

// build appends the check's statements to base.
func (c *contractCheck) build(prog *model.Program) bool {
	c.nbase = c.base.Len()
	s := c.base
	call := func(op *model.Op, args ...seq.Arg) int {
		s.Stmts = append(s.Stmts, seq.Stmt{Op: op.ID, Args: args})
		return s.Len() - 1
	}
	switch c.kind {
	case "equal-reflexive":
		call(c.method, c.x, c.x)
	case "equal-symmetric", "compare-antisymmetric":
		call(c.method, c.x, *c.y)
		call(c.method, *c.y, c.x)
	case "compare-equal":
		xt := prog.Ops[s.Stmts[c.x.Stmt].Op].Results[c.x.Result]
		eq := findMethod(prog, xt, "Equal")
		call(c.method, c.x, *c.y)
		call(eq, c.x, *c.y)
	case "string-panics":
		call(c.method, c.x)
	case "clone-equal":
		cl := call(c.method, c.x)
		c.equalCall(prog, s, seq.Ref(cl, 0))
	case "marshal-roundtrip":
		xt := prog.Ops[s.Stmts[c.x.Stmt].Op].Results[c.x.Result]
		zero := findZero(prog, deref(xt))
		inv := findMethod(prog, types.NewPointer(deref(xt)), c.inverse)
		if zero == nil || inv == nil {
			return false
		}
		m := call(c.method, c.x)
		z := call(zero)
		c.unmarshal = call(inv, seq.Ref(z, 0), seq.Ref(m, 0))
		c.equalCall(prog, s, seq.Ref(z, 0))
		// Last, so that a zero value whose Marshal panics stops nothing
		// the verdict needs: the zero value's encoding, with the same
		// method on a fresh zero of its receiver type (T{} for a value
		// receiver, &T{} for a pointer one).
		if z0 := zeroOf(prog, c.method.Params[0].Type); z0 != nil {
			zs := call(z0)
			c.zeroEnc = call(c.method, seq.Ref(zs, 0))
		}
	}
	return true
}

// zerosFailure reports whether a round trip that failed on x is the zero
// value's failure: x's encoding is the zero value's, byte for byte, so
// Unmarshal cannot tell x from the zero value, and whatever it does with
// that encoding (reject it, give back the zero value) it does to the zero
// value too. The type's encoding declares the rest of x meaningless (a
// NullUUID whose Valid is false is null whatever its UUID): a design, not
// a bug a maintainer would agree to. Any part that cannot be read (no zero
// value in the program, its Marshal failed, a tree cut short) is no
// excuse for a value whose encoding is not shown to be the zero value's.
func (c *contractCheck) zerosFailure(r *rt.Result) bool {
	if c.zeroEnc == 0 || r == nil || c.zeroEnc >= len(r.Stmts) {
		return false
	}
	m, m0 := r.Stmt(c.nbase), r.Stmt(c.zeroEnc)
	if m0.Outcome != rt.OutNormal || len(m0.Values()) == 0 || len(m.Values()) == 0 {
		return false
	}
	if len(m0.Values()) == 2 && !m0.Values()[1].Nil {
		return false // the zero value has no encoding
	}
	return sameEncoding(m.Tree(0), m0.Tree(0))
}

// sameEncoding reports whether two Marshal results are the same bytes: a
// nil and an empty slice are both no bytes; a tree cut short decides
// nothing, so it is never the same.
func sameEncoding(a, b *rt.Tree) bool {
	if a == nil || b == nil || a.Truncated || b.Truncated {
		return false
	}
	empty := func(t *rt.Tree) bool {
		return t.Kind == rt.TNil || (t.Kind == rt.TBytes || t.Kind == rt.TString) && t.S == ""
	}
	if empty(a) || empty(b) {
		return empty(a) && empty(b)
	}
	return (a.Kind == rt.TBytes || a.Kind == rt.TString) && a.Kind == b.Kind && a.S == b.S
}

// zeroOf finds the operation making a fresh zero value of t: &T{} for a
// *T, T{} for a T, or nil.
func zeroOf(prog *model.Program, t types.Type) *model.Op {
	if p, ok := t.(*types.Pointer); ok {
		return findZero(prog, p.Elem())
	}
	for _, op := range prog.Ops {
		if op.Kind == model.Zero && !op.Ptr && types.Identical(op.Type, t) {
			return op
		}
	}
	return nil
}

// equalCall appends x.Equal(y) when x's type has an Equal method that
// takes y: the type's own notion of equality decides, not the values'
// internals (a cache, a buffer's spare capacity).
func (c *contractCheck) equalCall(prog *model.Program, s *seq.Seq, y seq.Arg) {
	xt := prog.Ops[s.Stmts[c.x.Stmt].Op].Results[c.x.Result]
	yt := prog.Ops[s.Stmts[y.Stmt].Op].Results[y.Result]
	eq := findMethod(prog, xt, "Equal")
	if eq == nil || len(eq.Params) != 2 || !isBool(eq) {
		return
	}
	arg := y
	if !types.AssignableTo(yt, eq.Params[1].Type) {
		// Equal(T) on a *T from new(T): compare with the pointer's
		// element is not expressible in a sequence; go-cmp decides.
		return
	}
	// x.Equal(x) first: an Equal that is not even reflexive decides
	// nothing (its own contract reports it).
	c.eqAt = s.Len()
	s.Stmts = append(s.Stmts, seq.Stmt{Op: eq.ID, Args: []seq.Arg{c.x, c.x}}, seq.Stmt{Op: eq.ID, Args: []seq.Arg{c.x, arg}})
	c.viaEqual = true
}

// equalVerdict reads the x.Equal(x), x.Equal(y) pair at statements at
// and at+1 of a check: whether y differs from x, and whether Equal could
// tell.
func equalVerdict(r *rt.Result, at int) (differs, known bool) {
	if at < 1 || at+1 >= len(r.Stmts) {
		return false, false
	}
	self, other := r.Stmt(at), r.Stmt(at+1)
	if len(self.Values()) == 0 || len(other.Values()) == 0 || self.Tree(0) == nil || other.Tree(0) == nil {
		return false, false
	}
	if !self.Tree(0).B {
		return false, false
	}
	return !other.Tree(0).B, true
}

// violated inspects the check's run.
func (c *contractCheck) violated(out executor.Outcome) (string, bool) {
	r := out.Result
	if r == nil || len(r.Stmts) != c.base.Len() {
		return "", false
	}
	for i := 0; i < c.nbase; i++ {
		if r.Stmts[i].Outcome != rt.OutNormal {
			return "", false // the base itself did not run: nothing shown
		}
	}
	if v := r.Stmt(c.x.Stmt).Values()[c.x.Result]; v.Nil {
		return "", false
	}
	first := r.Stmt(c.nbase)
	tree := func(i, j int) *rt.Tree {
		if i >= len(r.Stmts) || j >= len(r.Stmt(i).Values()) {
			return nil
		}
		return r.Stmt(i).Tree(j)
	}
	name := c.method.Name
	switch c.kind {
	case "string-panics":
		if first.Outcome == rt.OutPanic {
			return name + " panicked: " + first.PanicMsg(), true
		}
		return "", false
	}
	for i := c.nbase; i < len(r.Stmts); i++ {
		if c.zeroEnc > 0 && i >= c.zeroEnc-1 {
			break // the zero value's encoding: read by zerosFailure only
		}
		if r.Stmts[i].Outcome != rt.OutNormal {
			if c.kind == "marshal-roundtrip" && i == c.unmarshal && r.Stmts[i].Outcome == rt.OutPanic {
				return c.inverse + " panicked on what " + name + " produced: " + r.Stmt(i).PanicMsg(), true
			}
			return "", false
		}
	}
	switch c.kind {
	case "equal-reflexive":
		if t := tree(c.nbase, 0); t != nil && t.Kind == rt.TBool && !t.B {
			return name + "(x, x) = false: Equal must be reflexive", true
		}
	case "equal-symmetric":
		a, b := tree(c.nbase, 0), tree(c.nbase+1, 0)
		if a != nil && b != nil && a.Kind == rt.TBool && b.Kind == rt.TBool && a.B != b.B {
			return "x.Equal(y) != y.Equal(x): Equal must be symmetric", true
		}
	case "compare-antisymmetric":
		a, b := intOf(tree(c.nbase, 0)), intOf(tree(c.nbase+1, 0))
		if sign(a) != -sign(b) {
			return "x.Compare(y) and y.Compare(x) do not have opposite signs", true
		}
	case "compare-equal":
		cmpv, eq := intOf(tree(c.nbase, 0)), tree(c.nbase+1, 0)
		if eq != nil && eq.Kind == rt.TBool && (cmpv == 0) != eq.B {
			return "x.Compare(y) == 0 disagrees with x.Equal(y)", true
		}
	case "clone-equal":
		if c.viaEqual {
			if differs, known := equalVerdict(r, c.eqAt); known && differs {
				return name + "() returned a value the original's Equal rejects", true
			}
			return "", false
		}
		if eq, known := exportedEqual(deref1(tree(c.x.Stmt, c.x.Result)), deref1(tree(c.nbase, 0))); known && !eq {
			return name + "() returned a value whose exported state differs from the original", true
		}
	case "marshal-roundtrip":
		m := r.Stmt(c.nbase)
		if len(m.Values()) == 2 && !m.Values()[1].Nil {
			return "", false // Marshal refused: nothing to round-trip
		}
		u := r.Stmt(c.unmarshal)
		if len(u.Values()) == 1 && !u.Values()[0].Nil {
			msg := ""
			if u.Tree(0) != nil {
				msg = u.Tree(0).S
			}
			return c.inverse + " rejected what " + name + " produced: " + msg, true
		}
		if c.viaEqual {
			if differs, known := equalVerdict(r, c.eqAt); known && differs {
				return c.inverse + "(" + name + "(x)) is not Equal to x", true
			}
			return "", false
		}
		if eq, known := exportedEqual(deref1(tree(c.x.Stmt, c.x.Result)), deref1(tree(c.nbase+1, 0))); known && !eq {
			return c.inverse + "(" + name + "(x)) differs from x in exported state", true
		}
	}
	return "", false
}

// fieldConfigured reports whether s assigns an exported field of the value
// x refers to (model.SetField) before its check.
func fieldConfigured(prog *model.Program, s *seq.Seq, x seq.Arg) bool {
	for _, st := range s.Stmts {
		if prog.Ops[st.Op].Kind != model.SetField || len(st.Args) == 0 {
			continue
		}
		if a := st.Args[0]; !a.IsLit && a.Value() == x.Value() {
			return true
		}
	}
	return false
}

// untouchedZero reports whether statement stmt of s makes a zero value
// (&T{}) that no later statement of s uses: the value is still all zero.
func untouchedZero(prog *model.Program, s *seq.Seq, stmt int) bool {
	if stmt < 0 || stmt >= s.Len() || prog.Ops[s.Stmts[stmt].Op].Kind != model.Zero {
		return false
	}
	for _, st := range s.Stmts[stmt+1:] {
		for _, a := range st.Args {
			if !a.IsLit && a.Stmt == stmt {
				return false
			}
		}
	}
	return true
}

// unvalidatedText names the operation that put text into the value of
// statement stmt without a way to refuse it, or "": a call on the value's
// construction path that takes a non-empty string literal and has no error
// result (a constructor such as semver.New(major, minor, patch, pre,
// metadata) or a setter), or a composite literal with a non-empty string
// field. The package's decoder may validate what such a builder accepts;
// a value built by an operation that can return an error was validated
// by the package itself, and its encoding rejected is a bug.
func unvalidatedText(prog *model.Program, s *seq.Seq, stmt int) string {
	if stmt < 0 || stmt >= s.Len() {
		return ""
	}
	// The statements whose values flow into stmt's value, and the calls
	// made on it before the round trip.
	on := map[int]bool{stmt: true}
	for i := stmt; i >= 0; i-- {
		if !on[i] {
			continue
		}
		for _, a := range s.Stmts[i].Args {
			if !a.IsLit {
				on[a.Stmt] = true
			}
		}
	}
	for i := stmt + 1; i < s.Len(); i++ {
		if args := s.Stmts[i].Args; len(args) > 0 && !args[0].IsLit && args[0].Stmt == stmt {
			on[i] = true
		}
	}
	for i, st := range s.Stmts {
		if !on[i] {
			continue
		}
		op := prog.Ops[st.Op]
		if op.ErrResult {
			continue
		}
		for j, a := range st.Args {
			if a.IsLit && a.Lit.Kind == seq.LitString && a.Lit.S != "" && j < len(op.Params) && isString(op.Params[j].Type) {
				return op.Name
			}
		}
	}
	return ""
}

// zeroNeedsInit reports whether the zero value of t (or of what t points
// to) leaves nil a field a client or a constructor must set: an exported
// pointer, interface, func, map or channel field, or an unexported
// interface or func field (nilField, hiddenNil); or one whose unexported
// state the package's constructor initializes (rule 2).
func zeroNeedsInit(t types.Type) bool {
	t = deref(t)
	if nilField(t) != "" || hiddenNil(t) != "" {
		return true
	}
	// A zero value with unexported state its constructor initializes (a
	// nil pointer or map: gods' arraystack.Stack and its list) is not a
	// value of the type (rule 2), so decoding into it is no test of the
	// round trip. One whose zero state is complete (a uuid, a version)
	// is, constructor or not.
	return constructorOf(t) != "" && !new(typedeps.Classifier).ZeroUsable(t)
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isBool(op *model.Op) bool {
	if len(op.Results) != 1 {
		return false
	}
	b, ok := op.Results[0].Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func isInt(op *model.Op) bool {
	if len(op.Results) != 1 {
		return false
	}
	b, ok := op.Results[0].Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func findMethod(prog *model.Program, recv types.Type, name string) *model.Op {
	for _, op := range prog.Ops {
		if op.Kind == model.Method && op.Func.Name() == name && types.AssignableTo(recv, op.Params[0].Type) {
			return op
		}
	}
	return nil
}

func findZero(prog *model.Program, t types.Type) *model.Op {
	for _, op := range prog.Ops {
		if op.Kind == model.Zero && op.Ptr && types.Identical(op.Type, t) {
			return op
		}
	}
	return nil
}

func deref(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func deref1(t *rt.Tree) *rt.Tree {
	if t != nil && t.Kind == rt.TPtr && len(t.Elems) == 1 {
		return &t.Elems[0]
	}
	return t
}

func intOf(t *rt.Tree) int64 {
	if t == nil {
		return math.MinInt64
	}
	if t.Kind == rt.TUint {
		return int64(t.U)
	}
	return t.I
}

func sign(x int64) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// exportedEqual compares two value trees as a caller of the package can
// see them: exported struct fields only, go-cmp's notion of equality for
// the rest. known is false when the trees cannot decide — one was cut
// short by the executor's bounds, or holds functions, channels or opaque
// values — and then there is no verdict.
func exportedEqual(a, b *rt.Tree) (equal, known bool) {
	if a == nil || b == nil {
		return false, false
	}
	if a.Truncated || b.Truncated {
		return false, false
	}
	switch a.Kind {
	case rt.TOpaque, rt.TFunc, rt.TChan:
		return false, false
	}
	if a.Kind != b.Kind {
		return false, true
	}
	if a.B != b.B || a.I != b.I || a.U != b.U || a.S != b.S {
		return false, true
	}
	if a.Kind == rt.TFloat || a.Kind == rt.TComplex {
		if !(a.F == b.F || (a.F != a.F && b.F != b.F)) || !(a.Imag == b.Imag || (a.Imag != a.Imag && b.Imag != b.Imag)) {
			return false, true
		}
	}
	if len(a.Elems) != len(b.Elems) {
		return false, true
	}
	for i := range a.Elems {
		if a.Kind == rt.TStruct && i < len(a.Fields) && !token.IsExported(a.Fields[i]) {
			continue // unexported state: only observers may show it
		}
		eq, known := exportedEqual(&a.Elems[i], &b.Elems[i])
		if !known || !eq {
			return eq, known
		}
	}
	return true, true
}
