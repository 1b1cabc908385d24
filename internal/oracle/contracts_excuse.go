package oracle

import (
	"go/types"
	"strings"

	"github.com/gentest-go/gentest/analyzers/typedeps"
	"github.com/gentest-go/gentest/internal/harness/rt"
	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// excused reports whether the violation msg that c's run res shows is no
// finding: base, the sequence that made the values, uses the package
// illegally or outside its types' domains, or the contract does not hold
// for such a value by the type's design (an encoding that cannot tell it
// from the zero value, a zero value its constructor must initialize).
func (c *contractCheck) excused(prog *model.Program, base *seq.Seq, res *rt.Result, msg string, dom *domains) bool {
	if Illegal(prog, base, res, -1) != "" {
		return true // values built from illegal inputs promise nothing
	}
	if outsideDomain(prog, base, dom) != "" {
		// A literal put a number the package does not vouch for into
		// a field (toml.LocalTime{Nanosecond: -72}, regexp2.Capture{
		// Index: 284}): a value outside the type's domain (rule 9).
		return true
	}
	if c.kind == "string-panics" && Illegal(prog, &seq.Seq{Stmts: c.base.Stmts[:c.nbase+1]}, res, c.nbase) != "" {
		// The rules hold for the whole test, the panicking call
		// included: a String that documents its panic ("It panics
		// if d is not a day of the week"), or an accessor of an
		// iterator before its advance returned true.
		return true
	}
	if c.kind != "marshal-roundtrip" {
		return false
	}
	switch {
	case !strings.Contains(msg, " panicked on what ") && c.zerosFailure(res):
		// x encodes as the zero value does: its round trip is the
		// zero value's, and its failure too. NullUUID{UUID: u} with
		// Valid false marshals as "null", like NullUUID{}. A panic
		// in Unmarshal is a bug on any bytes.
		return true
	case strings.Contains(msg, " rejected what ") && untouchedZero(prog, base, c.x.Stmt):
		// The package's own parser says the zero value is outside the
		// type's domain (toml.LocalDate{} is the date 0000-00-00): a
		// value no one should marshal, not a broken round trip.
		return true
	case len(c.method.Params) > 0 && zeroNeedsInit(c.method.Params[0].Type):
		// The round trip decodes into a fresh zero value, and this
		// type's zero value leaves a field nil that its constructor
		// sets (a redblacktree.Tree without its Comparator): decoding
		// into it is a nil input (rule 1), whatever the encoding.
		return true
	case fieldConfigured(prog, base, c.x):
		// A flag the caller assigned after the constructor
		// (semver.Constraints.IncludePrerelease) is configuration of
		// the object, not part of what it encodes: the decoded value
		// has the default, as documented for such options.
		return true
	case strings.Contains(msg, " rejected what ") && unvalidatedText(prog, base, c.x.Stmt) != "":
		// The decoder validates text the builder took as it was
		// (semver.New(71, 1, 0, "", "a b") keeps metadata the parser
		// rejects): the value is outside the type's domain.
		return true
	}
	return false
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
