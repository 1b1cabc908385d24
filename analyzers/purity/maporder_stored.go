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
// into a local list first. Errors are never only stored: errors.Join and
// fmt.Errorf make a message.
func storedOnlyJoin(ref ssa.CallInstruction, obj *types.Func) bool {
	call, ok := ref.(*ssa.Call)
	if !ok || !valueJoin(obj) {
		return false
	}
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{call}
	stored := false
	for len(work) > 0 {
		if len(seen) > 200 {
			return false
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
					return false
				}
				work = append(work, r)
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return false
				}
				work = append(work, r)
			case *ssa.Store:
				if r.Val != v {
					continue // something else stored into the container
				}
				if local := localContainer(r.Addr); local != nil {
					work = append(work, local)
				} else {
					stored = true
				}
			case *ssa.MapUpdate:
				if r.Map == v {
					continue // another entry of a local map
				}
				if accesspath.IsAllocation(accesspath.Base(r.Map)) {
					work = append(work, accesspath.Base(r.Map))
				} else {
					stored = true
				}
			case *ssa.Call:
				if !carriesText(r) {
					return false
				}
				work = append(work, r)
			default:
				return false
			}
		}
	}
	return stored
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

// localContainer returns the local object (a variadic argument list, a
// composite literal, a local variable) an address is of, or nil when it
// addresses memory the function did not make.
func localContainer(addr ssa.Value) ssa.Value {
	if alloc, ok := addr.(*ssa.Alloc); ok {
		return alloc
	}
	if base := accesspath.Base(addr); accesspath.IsAllocation(base) {
		return base
	}
	return nil
}
