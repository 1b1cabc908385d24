package search

import (
	"go/types"
	"strings"

	"github.com/gentest-go/gentest/internal/model"
	"github.com/gentest-go/gentest/internal/seq"
)

// Keyed containers (trees, ordered maps, sets, caches) branch on what they
// hold: a red-black tree's removal cases need a tree of several distinct
// keys and then the removal of a key it holds. Drawn independently, the
// literals of Put(key any, value any) and Remove(key any) rarely give that:
// an empty-interface key is an int, a string, a bool or any pooled value,
// and a comparator that asserts one dynamic type panics on the others, so
// four legal insertions in a row are rare; a removal's key is seldom one
// that was inserted. Three moves answer it, all about the literals that
// earlier calls passed alongside the same receiver in the sequence (its
// "siblings"):
//
//   - the same key: a literal reused as it is, so that a lookup or removal
//     finds what an insertion put there, or the key of a line that was
//     inserted whole (Add("port=80"), then Int("port"): keyPart);
//   - a key of the same kind: for an empty-interface parameter, a fresh
//     literal of the dynamic kind the receiver already accepted (the
//     sibling's call ran normally), so that a new insertion is both legal
//     and, mostly, distinct;
//   - a run of insertions: impurity (extension_impurity.go) sometimes calls its
//     mutator several times in a row on the same receiver, each with a key
//     drawn as above, so that containers grow by several elements in one
//     sequence rather than one per pooled generation.
const (
	// PSibling is the probability that a literal parameter of a call on a
	// receiver with siblings is drawn from them (exact or same kind).
	PSibling = 0.5
	// PSameKey is the probability, given a sibling draw, that the sibling
	// literal is reused as it is rather than replaced by a fresh literal
	// of its kind.
	PSameKey = 0.35
	// PRun is the probability that impurity's mutator is called several
	// times on its receiver; MaxRun bounds the calls of one run.
	PRun   = 0.3
	MaxRun = 8
	// PKeyPart is the probability, given a sibling that is a "key=value"
	// or "Key: value" line, that its key is drawn (keyPart).
	PKeyPart = 0.35
)

// keyPart returns the key of a sibling string literal that is a line of a
// key and a value ("port=80", "Host: example.com"): a container filled
// with such lines (settings, headers, environment lists) is looked up by
// the key alone (Add("port=80") then Int("port")), which neither the line
// reused whole nor a fresh literal gives. It reports false for a literal
// of another kind or without a separator after a non-empty key.
func keyPart(l seq.Lit) (seq.Lit, bool) {
	if l.Kind != seq.LitString {
		return seq.Lit{}, false
	}
	i := strings.IndexAny(l.S, "=:")
	if i < 0 {
		return seq.Lit{}, false
	}
	key := strings.TrimSpace(l.S[:i])
	if key == "" || key == l.S {
		return seq.Lit{}, false
	}
	k := l
	k.S = key
	return k, true
}

// recvRef returns the receiver argument among args[:i] of op, if it is a
// reference to an earlier value of the sequence.
func recvRef(op *model.Op, args []seq.Arg, i int) (seq.Arg, bool) {
	for k := 0; k < i && k < len(op.Params) && k < len(args); k++ {
		if op.Params[k].Recv && !args[k].IsLit {
			return args[k], true
		}
	}
	return seq.Arg{}, false
}

// siblings returns the literals that earlier statements of s passed, at
// parameter position at and of type t, to calls whose receiver is recv: in
// sequence order, nil and zero literals left out (they say nothing of a
// kind). The position keeps a key apart from a value of the same type:
// Put(key, value any) and Remove(key any) take their keys first.
func (x *extension) siblings(s *seq.Seq, recv seq.Arg, at int, t types.Type) []seq.Lit {
	var out []seq.Lit
	for _, st := range s.Stmts {
		op := x.prog.Ops[st.Op]
		same := false
		for k, a := range st.Args {
			if k < len(op.Params) && op.Params[k].Recv && !a.IsLit && a.Stmt == recv.Stmt && a.Result == recv.Result {
				same = true
				break
			}
		}
		if !same {
			continue
		}
		if at >= len(st.Args) || at >= len(op.Params) {
			continue
		}
		a := st.Args[at]
		if op.Params[at].Recv || !a.IsLit || a.Lit.Kind == seq.LitNil || a.Lit.Kind == seq.LitZero {
			continue
		}
		if types.Identical(op.Params[at].Type, t) {
			out = append(out, a.Lit)
		}
	}
	return out
}

// kindClass is the literal class that draws literals of kind k, or LitNone
// for kinds drawn only by reuse.
func kindClass(k seq.LitKind) model.LitClass {
	switch k {
	case seq.LitBool:
		return model.LitBool
	case seq.LitInt:
		return model.LitInt
	case seq.LitUint:
		return model.LitUint
	case seq.LitFloat:
		return model.LitFloat
	case seq.LitString:
		return model.LitString
	}
	return model.LitNone
}

// siblingLit draws the literal for parameter i of op, whose arguments
// args[:i] are set, from the siblings of its receiver in s (see PSibling;
// always when inRun, for the calls after the first of a mutator run, where
// one key of another kind would end the whole run in a panic), or reports
// false when there are none or the draw goes elsewhere.
func (x *extension) siblingLit(s *seq.Seq, op *model.Op, args []seq.Arg, i int, inRun bool) (seq.Lit, bool) {
	p := op.Params[i]
	if p.Recv || p.Lit == model.LitNone || p.Lit == model.LitNilOK {
		return seq.Lit{}, false
	}
	recv, ok := recvRef(op, args, i)
	if !ok {
		return seq.Lit{}, false
	}
	sibs := x.siblings(s, recv, i, p.Type)
	if len(sibs) == 0 || !inRun && x.rng.Float64() >= PSibling {
		return seq.Lit{}, false
	}
	sib := sibs[x.rng.IntN(len(sibs))]
	if key, ok := keyPart(sib); ok && x.rng.Float64() < PKeyPart {
		return key, true
	}
	if x.rng.Float64() < PSameKey {
		return sib, true
	}
	if p.Lit != model.LitIfaceA {
		// The parameter's type fixes the kind: an ordinary draw is fresh
		// and legal alike.
		return x.lits.arg(op, p).Lit, true
	}
	class := kindClass(sib.Kind)
	if class == model.LitNone {
		return sib, true
	}
	// A fresh literal of the sibling's kind: the constant pools of that
	// class first (mined keys), else the defaults.
	q := p
	q.Lit = class
	for k := 0; k < 4; k++ {
		if l := x.lits.arg(op, q).Lit; l.Kind == sib.Kind {
			return l, true
		}
	}
	return x.lits.literal(p.Type, class), true
}
