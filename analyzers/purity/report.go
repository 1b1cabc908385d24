package purity

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// observers are the method names that callers expect to only observe their
// receiver: fmt, sort, encoding and comparison conventions.
var observers = map[string]bool{
	"String": true, "GoString": true, "Error": true, "Format": true, "Len": true, "Cap": true,
	"Less": true, "Equal": true, "Compare": true, "Hash": true, "MarshalJSON": true,
	"MarshalText": true, "MarshalBinary": true,
}

// isObserver reports whether obj is a method with one of the observer
// names and the signature that goes with it: flag.FlagSet.String(name,
// value, usage) defines a flag and is no observer.
func isObserver(obj *types.Func) bool {
	sig := obj.Signature()
	if sig.Recv() == nil || !observers[obj.Name()] {
		return false
	}
	switch obj.Name() {
	case "Less":
		return sig.Params().Len() <= 2 && sig.Results().Len() == 1
	case "Equal", "Compare":
		return sig.Params().Len() == 1 && sig.Results().Len() == 1
	case "Format":
		return sig.Params().Len() == 2
	}
	if sig.Params().Len() != 0 || sig.Results().Len() == 0 {
		return false
	}
	// The conventions are those of interfaces (fmt.Stringer, error,
	// json.Marshaler, ...): a method of the same name with another
	// result is something else, such as a future's Error() error that
	// waits for the outcome.
	switch res := sig.Results(); obj.Name() {
	case "String", "GoString", "Error":
		return res.Len() == 1 && isBasic(res.At(0).Type(), types.IsString)
	case "Len", "Cap":
		return res.Len() == 1 && isBasic(res.At(0).Type(), types.IsInteger)
	case "MarshalJSON", "MarshalText", "MarshalBinary":
		return res.Len() == 2
	}
	return true
}

// sortAdapter reports whether obj is the Len or Less method of a sort
// adapter: an unexported type with Len, Less and Swap, which a package
// builds to hand its data to sort.Sort or container/heap. Every caller of
// its Less is the package's own sort, and what Less records beside the
// comparison (goja's typedArraySortCtx noting that the script's
// comparator ran, to check the buffer afterwards) is that sort's
// bookkeeping, written to be read by the code that made the adapter. An
// exported sort.Interface is the users' to call, and stays checked.
func sortAdapter(obj *types.Func) bool {
	if obj.Name() != "Less" && obj.Name() != "Len" {
		return false
	}
	n, ok := types.Unalias(deref(obj.Signature().Recv().Type())).(*types.Named)
	if !ok || n.Obj().Exported() {
		return false
	}
	swap, _, _ := types.LookupFieldOrMethod(types.NewPointer(n), true, n.Obj().Pkg(), "Swap")
	f, ok := swap.(*types.Func)
	return ok && f.Signature().Params().Len() == 2 && f.Signature().Results().Len() == 0
}

// isBasic reports whether t's underlying type is a basic type with info.
func isBasic(t types.Type, info types.BasicInfo) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&info != 0
}

// observerEffects are the effects that make an observer surprising.
const observerEffects = MutatesReceiver | MutatesParams | WritesGlobal | IO

func (st *state) report(fns []*ssa.Function, res *Result) {
	pass := st.pass
	// A command's methods have no importers: every caller of its String
	// or Less is the command's own code, which the author wrote knowing
	// what they do (a sort counting its comparisons in a benchmark tool).
	// The observer check is about the conventions other code relies on.
	if checkObserver && pass.Pkg.Name() != "main" {
		for _, fn := range fns {
			obj := funcObject(fn)
			if obj == nil || fn.Parent() != nil || !isObserver(obj) {
				continue
			}
			if strings.HasSuffix(pass.Fset.File(fn.Pos()).Name(), "_test.go") {
				// Test fixtures mutate in String on purpose (to test
				// what their callers do about it), as the other checks
				// assume of test files.
				continue
			}
			if sortAdapter(obj) {
				continue
			}
			st.reportObserver(fn, obj)
		}
	}
	if checkMapOrder {
		st.reportMapOrder(fns)
	}
	if checkDiscard {
		st.discarded(res)
	}
}

// reportObserver reports the side effects of an observer method: those
// outside incidental code (lazy initialisation, debug and logging code;
// see incidental.go) that come from the method's own instructions or from
// a root it calls (directReason). Effects deeper in callees are mostly
// memoization and caches the shapes of incidental.go do not recognise
// (token.FileSet's last-file hint, go/types' lazily resolved types), or
// belong to a method that is reported where it is declared.
func (st *state) reportObserver(fn *ssa.Function, obj *types.Func) {
	s := st.local[fn]
	var eff Effect
	var params []int
	var why []Reason
	for _, name := range s.obsOrder {
		detail := s.obsWhy[name]
		if !directReason(detail) {
			continue
		}
		if p := paramIndex(name); p >= 0 {
			if obj.Name() == "Format" && p == 0 {
				continue // Format writes its output to the fmt.State by contract
			}
			params = append(params, p)
			eff |= MutatesParams
		} else {
			e := effectByName(name) & observerEffects
			if e == 0 {
				continue
			}
			eff |= e
		}
		why = append(why, Reason{name, detail})
	}
	if eff == 0 {
		return
	}
	slices.Sort(params)
	sortReasons(why)
	details := make([]string, len(why))
	for i, r := range why {
		details[i] = r.Detail
	}
	st.pass.ReportRangef(fn.Syntax(), "%s method %s has side effects: %s (%s): fmt, loggers and encoders call it expecting no change, so write only to local copies",
		obj.Name(), obj.FullName(), describeEffects(eff, params), strings.Join(firstN(details, 2), "; "))
}

// effectByName returns the single effect of a name of effectNames, 0 for
// other names.
func effectByName(name string) Effect {
	for _, en := range effectNames {
		if en.name == name {
			return en.e
		}
	}
	return 0
}

// directReason reports whether a reason is an instruction of the function
// itself (a store, a map update, a builtin, or its atomic form in
// sync/atomic) or a call to a hand-written root such as
// (*os.File).Write, possibly through an argument of another
// call (fmt.Fprintf writing to os.Stdout). A method reached through an
// argument ("calls fmt.Sprintf at x.go:3 ((*T).String)": fmt calling the
// String method of an operand) decides on its own: unless it is a root,
// its effects are its own, reported where it is declared, not in every
// method that formats a T.
func directReason(detail string) bool {
	// A reason the summary did not record cannot be shown to be the
	// method's own instruction.
	if detail == "" || strings.HasPrefix(detail, "in closure") {
		return false
	}
	if i := strings.LastIndex(detail, " ("); i >= 0 && strings.HasSuffix(detail, ")") {
		return directCallee(detail[i+2 : len(detail)-1])
	}
	for _, prefix := range []string{"calls ", "passes it to "} {
		if rest, ok := strings.CutPrefix(detail, prefix); ok {
			name, _, _ := strings.Cut(rest, " ")
			return directCallee(name)
		}
	}
	return true
}

// directCallee reports whether the effects of a call to the function of
// that full name are the caller's own: a root, or sync/atomic.
func directCallee(name string) bool {
	if _, ok := roots[name]; ok {
		return true
	}
	return strings.HasPrefix(strings.TrimLeft(name, "(*"), "sync/atomic.")
}

func firstN(s []string, n int) []string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
