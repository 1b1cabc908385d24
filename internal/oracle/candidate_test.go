package oracle

import (
	"testing"

	"github.com/gentest-go/gentest/internal/seq"
)

// A hang's literals must all be small: a long loop over a large count or
// a long text is slow, not stuck.
func TestLargeInput(t *testing.T) {
	small := &seq.Seq{Stmts: []seq.Stmt{{Args: []seq.Arg{{IsLit: true, Lit: seq.Lit{Kind: seq.LitString, S: "a\\"}}, {IsLit: true, Lit: seq.Lit{Kind: seq.LitInt, I: -64}}}}}}
	if why := largeInput(small); why != "" {
		t.Errorf("largeInput(small) = %q, want \"\"", why)
	}
	for _, l := range []seq.Lit{
		{Kind: seq.LitInt, I: 65},
		{Kind: seq.LitUint, U: 1 << 20},
		{Kind: seq.LitBytes, S: string(make([]byte, 65))},
		{Kind: seq.LitSlice, Elems: []seq.Lit{{Kind: seq.LitInt, I: 1 << 30}}},
	} {
		s := &seq.Seq{Stmts: []seq.Stmt{{Args: []seq.Arg{{IsLit: true, Lit: l}}}}}
		if largeInput(s) == "" {
			t.Errorf("largeInput(%s) = \"\", want a reason", l.Key())
		}
	}
}

// Nearby inputs move one literal by one step; a constant's name does not
// survive the change.
func TestNeighbours(t *testing.T) {
	got := neighbours(seq.Lit{Kind: seq.LitString, S: "ab", Name: "p.X"})
	if len(got) != 2 || got[0].S != "a" || got[1].S != "`b" || got[0].Name != "" {
		t.Errorf("neighbours(\"ab\") = %+v", got)
	}
	if got := neighbours(seq.Lit{Kind: seq.LitString}); len(got) != 0 {
		t.Errorf("neighbours(\"\") = %+v, want none", got)
	}
	if got := neighbours(seq.Lit{Kind: seq.LitUint}); len(got) != 1 || got[0].U != 1 {
		t.Errorf("neighbours(uint 0) = %+v, want [1]", got)
	}
}

// The precondition words of doc comments, and names that make a call a
// decoder.
func TestPreconditionAndDecoder(t *testing.T) {
	for doc, want := range map[string]bool{
		"ParseLine parses one line. The line must end with a newline.": true,
		"Compact requires len(dst) >= len(src).":                       true,
		"ParseHeader parses a header line: a '#', a name.":             false,
		// What the function owes its caller (jsonparser's Get) is no
		// precondition; a sentence with both still states one.
		"`err` - If key not found or any other parsing issue it should return error.": false,
		"Get must not return nil. The key should be non-empty.":                       true,
	} {
		if got := statesPrecondition(doc) != ""; got != want {
			t.Errorf("precondition(%q) = %v, want %v", doc, got, want)
		}
	}
	for name, want := range map[string]bool{"ParseHeader": true, "ReadBlock": true, "Pages": false, "String": false} {
		if got := decoderName(name); got != want {
			t.Errorf("decoderName(%q) = %v, want %v", name, got, want)
		}
	}
}
