package seq

import "testing"

// Holdings: a value holds itself and what it was made from; a mutating
// call stores its other arguments into the changed one; a literal holds
// nothing; and a value made earlier does not hold a later one until a call
// stores it.
func TestHoldings(t *testing.T) {
	lit := LitArg(Lit{Kind: LitInt, I: 1})
	s := []Stmt{
		{Op: 0, Args: []Arg{lit}},                  // 0: a := New(1)
		{Op: 0, Args: []Arg{Ref(0, 0)}},            // 1: b := Wrap(a)
		{Op: 0, Args: []Arg{lit}},                  // 2: c := New(1)
		{Op: 1, Args: []Arg{Ref(2, 0), Ref(1, 0)}}, // 3: c.Set(b): changes c
		{Op: 2, Args: []Arg{Ref(0, 0), Ref(2, 0)}}, // 4: a.Peek(c): changes nothing
	}
	mut := map[int]bool{1: true} // Set changes its receiver
	var h Holdings
	for _, st := range s {
		op := st.Op
		h.Add(st, func(j int) bool { return j == 0 && mut[op] })
	}
	a, b, c := Ref(0, 0), Ref(1, 0), Ref(2, 0)
	for _, tc := range []struct {
		name      string
		outer, in Arg
		want      bool
	}{
		{"a holds itself", a, a, true},
		{"b holds a, made from it", b, a, true},
		{"a does not hold b", a, b, false},
		{"c holds b, stored by Set", c, b, true},
		{"c holds a, through b", c, a, true},
		{"a does not hold c: Peek changes nothing", a, c, false},
		{"a result of the same statement", Ref(1, 1), b, true},
		{"a literal holds nothing", lit, a, false},
		{"nothing holds a literal", c, lit, false},
	} {
		if got := h.Holds(tc.outer, tc.in); got != tc.want {
			t.Errorf("%s: Holds = %v, want %v", tc.name, got, tc.want)
		}
	}
}
