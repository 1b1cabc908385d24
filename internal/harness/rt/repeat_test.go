package rt

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// splitBag stands for the class repetition is for: state that changes only
// after many distinct inserts (a node that splits at a capacity).
type splitBag struct {
	keys  map[string]bool
	split bool
}

func repeatOps() []Op {
	bagParam := reflect.TypeOf((*splitBag)(nil))
	return []Op{
		{Name: "New", Fn: func(_, out []any) []any { return append(out, &splitBag{keys: map[string]bool{}}) }},
		{Name: "Put", Params: []reflect.Type{bagParam, stringType, intType}, Fn: func(args, out []any) []any {
			b := args[0].(*splitBag)
			if args[2].(int) == 2 {
				panic("two")
			}
			b.keys[args[1].(string)] = true
			if len(b.keys) == 4 {
				b.split = true
			}
			return append(out, len(b.keys))
		}},
		{Name: "Split", Params: []reflect.Type{bagParam}, Fn: func(args, out []any) []any {
			return append(out, args[0].(*splitBag).split)
		}},
	}
}

func TestRepeatRunsDistinctCalls(t *testing.T) {
	e := &executor{ops: repeatOps(), timeout: time.Second}
	put := func(repeat int, n int64) Stmt {
		return Stmt{Op: 1, Repeat: repeat, Args: []Arg{ref(0, 0),
			{Kind: ArgIndex, Lit: Lit{Kind: LitString, S: "k"}},
			{Kind: ArgIndex, Lit: Lit{Kind: LitInt, I: n}}}}
	}
	for _, tc := range []struct {
		repeat int
		last   uint64 // hash of Put's last result, the count of keys
		split  bool
	}{{0, Hash(1), false}, {2, Hash(2), false}, {4, Hash(4), true}} {
		req := &Request{ID: 1, Stmts: []Stmt{{Op: 0}, put(tc.repeat, 3), {Op: 2, Args: []Arg{ref(0, 0)}}}}
		r := e.run(req)
		if got := r.Stmt(1).Values()[0].Hash; got != tc.last {
			t.Errorf("repeat %d: last result hash %x, want %x", tc.repeat, got, tc.last)
		}
		if got := r.Stmt(2).Values()[0].Hash; got != Hash(tc.split) {
			t.Errorf("repeat %d: split = %x, want %x", tc.repeat, got, Hash(tc.split))
		}
	}
	// A loop that panics before its last call is not what the test would
	// write; the last call panicking is an ordinary panic.
	for _, tc := range []struct {
		start int64
		want  uint8
	}{{1, OutBadArg}, {0, OutPanic}} {
		r := e.run(&Request{ID: 2, Stmts: []Stmt{{Op: 0}, put(3, tc.start)}})
		if got := r.Stmts[1].Outcome; got != tc.want {
			t.Errorf("start %d: outcome %d, want %d", tc.start, got, tc.want)
		}
		if tc.want == OutBadArg && !strings.Contains(r.Stmt(1).Note().PanicMsg, "repeated call 1 of 3") {
			t.Errorf("start %d: note %q", tc.start, r.Stmt(1).Note().PanicMsg)
		}
	}
}

func TestRepeatRoundTrip(t *testing.T) {
	seqs := []Request{
		{ID: 1, Stmts: []Stmt{{Op: 0}, {Op: 1, Repeat: 64, Args: []Arg{ref(0, 0), {Kind: ArgIndex, Lit: Lit{Kind: LitString, S: "k"}}}}}},
		{ID: 2, Flags: FlagDetail, Mutant: 3, Stmts: []Stmt{{Op: 2, Repeat: MaxRepeat}}},
		{ID: 3, Stmts: []Stmt{{Op: 0}}},
	}
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	if err := enc.Batch(seqs); err != nil {
		t.Fatal(err)
	}
	enc.Flush()
	dec := NewDecoder(&buf)
	if kind, err := dec.Next(); err != nil || kind != FrameBatch {
		t.Fatalf("Next = %d, %v", kind, err)
	}
	got, err := dec.Batch()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(seqs, got, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("round trip mismatch (-want +got):\n%s", diff)
	}
}
