package rt

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

// coverCollect stores the observations of the sequence just run in r, and
// makes the original program active again.
func coverCollect(r *Result) {
	SetMutant(0)
	r.Blocks = CoveredBlocks(r.Blocks[:0])
	r.Conds = Conds(r.Conds[:0])
	r.Infected = InfectedMutants(r.Infected[:0])
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
