package rt

import "encoding/binary"

// The executor's side of the coverage probes (cover.go): it resets them
// before each sequence and collects what they observed into the sequence's
// Result after it. Apart from the cover*.go files, which must compile on
// their own (see cover.go), because these use the wire's types.

// coverReset prepares the probes for a sequence; operands says whether it
// asked for operand recording (FlagOperands).
func coverReset(operands bool) {
	KeepOperands(operands)
	Reset()
}

// mutantReset forgets the mutants infected so far and makes mutant (0:
// none) the active one for the sequence about to run. coverCollect makes
// the original program active again: only the sequence's calls and the
// summaries of their values (String and Error methods) run mutated code,
// not the restoring of package state after it.
func mutantReset(mutant int32) {
	ResetMutants()
	SetMutant(int(mutant))
}

// collectInfected is InfectedMutants made fast enough to run after every
// sequence over every mutant of the package: it skips eight mutants at a
// time where none was infected (most, as a sequence infects the mutants
// of the code it reached), and collects the others without a branch per
// mutant, as CoveredBlocks does: every id is written, and the next one
// overwrites it unless the mutant was infected. The branches of
// InfectedMutants' loop, mispredicted as the infected mutants change from
// one sequence to the next, made it slower (BenchmarkMutantBookkeeping).
func collectInfected(dst []int32) []int32 {
	m := mutInfected
	if len(m) <= 1 {
		return dst // no mutants
	}
	n := len(dst)
	if cap(dst)-n < len(m) {
		dst = append(dst[:n:n], make([]int32, len(m))...)[:n]
	}
	out := dst[n : n+len(m)]
	k := 0
	for i := 0; i < len(m); i += 8 {
		if i+8 <= len(m) && binary.LittleEndian.Uint64(m[i:]) == 0 {
			continue
		}
		for j := i; j < i+8 && j < len(m); j++ {
			v := m[j]
			out[k] = int32(j)
			k += int((v | -v) >> 7)
		}
	}
	if k > 0 && out[0] == 0 {
		// Mutant 0 is none; InitMutants never marks it, but nothing
		// else guards its byte.
		copy(out, out[1:k])
		k--
	}
	return dst[:n+k]
}

// coverCollect stores the observations of the sequence just run in r, and
// makes the original program active again.
func coverCollect(r *Result) {
	SetMutant(0)
	r.Blocks = CoveredBlocks(r.Blocks[:0])
	r.Conds = Conds(r.Conds[:0])
	r.Infected = collectInfected(r.Infected[:0])
	r.Operands = r.Operands[:0]
	if !keepOps {
		return
	}
	eachKept(func(branch int32, p *opPair) {
		o := OperandObs{Branch: branch}
		for k := range p.v {
			o.Vals[k], o.Cut[k] = p.v[k].lit(), p.v[k].cut
		}
		r.Operands = append(r.Operands, o)
	})
}

// lit is the operand as a literal of the wire, of the kind with the same
// number (see the Operand kinds).
func (v *operand) lit() Lit {
	l := Lit{Kind: v.kind}
	switch v.kind {
	case OperandInt:
		l.I = int64(v.bits)
	case OperandUint:
		l.U = v.bits
	case OperandFloat:
		l.F = v.f
	case OperandString, OperandBytes:
		l.S = v.s
	}
	return l
}
