package purity

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gentest-go/gentest/internal/ssautil/accesspath"
)

// A slice in map order joined into a value (strings.Join, fmt.Sprint)
// carries its order into that value; whether anyone reads the order
// depends on where the value goes. Text that is returned, printed,
// written, wrapped into an error or passed to another function is
// output. Text that is only stored — the value of a header in the
// receiver's map (nomad's X-Nomad-CSI-Secrets), an environment entry of
// a command about to start (go-plugin's PLUGIN_PROTOCOL_VERSIONS) — is
// state, like a slice stored in a field: the check treats it as it
// treats such a slice (a listing, reported only with -purity.listings),
// since its readers are programs that parse it, and nothing in the
// function shows a person its order.

// storedOnlyJoin reports whether the call ref, which joins or formats a
// whole slice into one value, has a result that is only stored into
// memory the function did not make (a map of the receiver, a field of a
// command), possibly after being formatted into more text or collected
// into a local list first, or passed to a function of the package that
// only stores it there in turn (connect's setHeaderCanonical(h, key, v),
// which does h[key] = []string{v}). Errors are never only stored:
// errors.Join and fmt.Errorf make a message.
func storedOnlyJoin(ref ssa.CallInstruction, obj *types.Func) bool {
	call, ok := ref.(*ssa.Call)
	if !ok || !valueJoin(obj) {
		return false
	}
	only, stored, _ := storedOnly(call, 0)
	return only && stored
}

// maxStoreHelperDepth bounds how deep storedOnly follows the text into
// the package's helpers: a setter calling a setter is common, a longer
// chain is not, and each level walks a function body.
const maxStoreHelperDepth = 2

// storedOnly follows the text value start through its function. only
// says whether it goes nowhere but into stores (through local lists,
// concatenation, joins and helpers that only store it); stored, whether
// at least one store is into memory the function did not make; params,
// the parameters of the function whose memory it was stored into (a
// helper's caller decides whether its argument there is its own local
// container or memory it did not make either).
func storedOnly(start ssa.Value, depth int) (only, stored bool, params []int) {
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{start}
	// into records a store whose address is based on base: a local
	// container is followed, a parameter is noted for the caller, and
	// anything else (a global, memory reached through a call) is memory
	// the function did not make.
	into := func(base ssa.Value) {
		if accesspath.IsAllocation(base) {
			work = append(work, base)
			return
		}
		if p, ok := base.(*ssa.Parameter); ok && depth > 0 {
			for i, q := range p.Parent().Params {
				if q == p {
					params = append(params, i)
				}
			}
			return
		}
		stored = true
	}
	for len(work) > 0 {
		if len(seen) > 200 {
			return false, false, nil
		}
		v := work[0]
		work = work[1:]
		if seen[v] {
			continue
		}
		seen[v] = true
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.DebugRef:
			case *ssa.Phi, *ssa.ChangeType, *ssa.MakeInterface, *ssa.Convert, *ssa.Slice,
				*ssa.IndexAddr, *ssa.FieldAddr, *ssa.Index, *ssa.Field, *ssa.Lookup:
				// The value, or the local container holding it, read
				// or addressed.
				work = append(work, r.(ssa.Value))
			case *ssa.BinOp:
				if r.Op != token.ADD {
					return false, false, nil
				}
				work = append(work, r)
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return false, false, nil
				}
				work = append(work, r)
			case *ssa.Store:
				if r.Val != v {
					continue // something else stored into the container
				}
				if _, ok := r.Addr.(*ssa.Alloc); ok {
					work = append(work, r.Addr)
				} else {
					into(accesspath.Base(r.Addr))
				}
			case *ssa.MapUpdate:
				if r.Map == v {
					continue // another entry of a local map
				}
				into(accesspath.Base(r.Map))
			case *ssa.Call:
				if carriesText(r) {
					work = append(work, r)
					continue
				}
				ps, elsewhere, ok := storedByHelper(r, v, depth)
				if !ok {
					return false, false, nil
				}
				stored = stored || elsewhere
				for _, i := range ps {
					into(accesspath.Base(r.Call.Args[i]))
				}
			default:
				return false, false, nil
			}
		}
	}
	return true, stored || len(params) > 0, params
}

// storedByHelper reports whether call passes v only to a function of the
// package (one with a body) that only stores it into the memory of some
// of its parameters or into other memory it did not make (elsewhere),
// and returns the indices of the call's arguments that memory came
// from. Anything else the helper does with v (return it, print it, pass
// it on to an unknown function) makes v output.
func storedByHelper(call *ssa.Call, v ssa.Value, depth int) (into []int, elsewhere, ok bool) {
	callee := call.Call.StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 || depth >= maxStoreHelperDepth ||
		call.Call.Value == v || len(callee.Params) != len(call.Call.Args) {
		return nil, false, false
	}
	for i, a := range call.Call.Args {
		if a != v {
			continue
		}
		ok = true
		only, stored, params := storedOnly(callee.Params[i], depth+1)
		if !only {
			return nil, false, false
		}
		into = append(into, params...)
		elsewhere = elsewhere || (stored && len(params) == 0)
	}
	return into, elsewhere, ok
}

// valueJoin reports whether obj makes one text value of a whole slice:
// strings.Join and bytes.Join, fmt.Sprint*, fmt.Append*.
func valueJoin(obj *types.Func) bool {
	if obj.Pkg() == nil || obj.Signature().Recv() != nil {
		return false
	}
	pkg, name := obj.Pkg().Path(), obj.Name()
	switch pkg {
	case "strings", "bytes":
		return name == "Join"
	case "fmt":
		return strings.HasPrefix(name, "Sprint") || strings.HasPrefix(name, "Append")
	}
	return false
}

// carriesText reports whether the call passes its text argument into its
// result and does nothing else with it: append, or a join or formatting
// call (valueJoin), whose result is followed in turn.
func carriesText(call *ssa.Call) bool {
	if b, ok := call.Call.Value.(*ssa.Builtin); ok {
		return b.Name() == "append"
	}
	callee := call.Call.StaticCallee()
	if callee == nil {
		return false
	}
	obj := funcObject(callee)
	return obj != nil && valueJoin(obj)
}
