package seq

// Holdings follows, statement by statement, which values of a sequence may
// hold which others: a value holds itself, the values it was made from (a
// constructor's or a producer's arguments), and the values a call that may
// change it stored into it. It finds a call that passes a value together
// with one that holds it: a writer given as output a writer that writes
// into it (w2 := NewWriter(w1); w1.Init(w2)), a list given a list that
// holds it. Such a cycle recurses without end in Write, String or
// MarshalJSON, as a value given itself does.
//
// It is statement-grained: the results of one statement count as one value.
type Holdings struct {
	holds []map[int]bool // by statement: the statements whose values its value holds
}

// Add records st as the sequence's next statement. mutates reports whether
// its call may change its argument j; such an argument then holds what
// the call's other arguments hold.
func (h *Holdings) Add(st Stmt, mutates func(j int) bool) {
	i := len(h.holds)
	own := map[int]bool{i: true}
	for _, a := range st.Args {
		for x := range h.of(a) {
			own[x] = true
		}
	}
	h.holds = append(h.holds, own)
	for j, a := range st.Args {
		if a.IsLit || a.Stmt >= i || !mutates(j) {
			continue
		}
		into := h.holds[a.Stmt]
		for k, b := range st.Args {
			if k == j {
				continue
			}
			for x := range h.of(b) {
				into[x] = true // a set union: the order of the range does not matter
			}
		}
	}
}

// Holds reports whether the value b refers to may hold the value a refers
// to, or is made by the same statement, as of the statements added so far.
func (h *Holdings) Holds(b, a Arg) bool {
	if a.IsLit || b.IsLit {
		return false
	}
	return a.Stmt == b.Stmt || h.of(b)[a.Stmt]
}

// of returns the statements whose values a's value holds; nil for a
// literal or a statement not added yet.
func (h *Holdings) of(a Arg) map[int]bool {
	if a.IsLit || a.Stmt < 0 || a.Stmt >= len(h.holds) {
		return nil
	}
	return h.holds[a.Stmt]
}
