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

// A loop of calls that are cheap one by one and costly together (a busy
// call of 10 ms of CPU, 1000 times under a 100 ms limit) stops once it used
// half the limit, as a sequence not run as asked, and the watchdog sees
// the whole statement as one call: it runs for at most a limit, not for a
// limit per call.
func TestRepeatStopsCostlyLoop(t *testing.T) {
	calls := 0
	spin := Op{Name: "Spin", Params: []reflect.Type{intType}, Fn: func(args, out []any) []any {
		calls++
		start, ok := processCPU()
		for now := start; ok && now-start < 10*time.Millisecond; now, ok = processCPU() {
		}
		return append(out, args[0].(int))
	}}
	e := &executor{ops: []Op{spin}, timeout: 100 * time.Millisecond}
	stmt := Stmt{Op: 0, Repeat: 1000, Args: []Arg{{Kind: ArgIndex, Lit: Lit{Kind: LitInt, I: 0}}}}
	callNo := e.callNo
	r := e.run(&Request{ID: 1, Stmts: []Stmt{stmt}})
	if got := r.Stmts[0].Outcome; got != OutBadArg {
		t.Errorf("outcome %d, want %d (not run as asked)", got, OutBadArg)
	}
	if !strings.Contains(r.Stmt(0).Note().PanicMsg, "of its call limit") {
		t.Errorf("note %q", r.Stmt(0).Note().PanicMsg)
	}
	// 50 ms of 10 ms calls; more where the CPU time cannot be read and
	// the wall clock decides, but never near the 1000 asked for.
	if calls < 5 || calls > 50 {
		t.Errorf("%d calls ran, want about 5", calls)
	}
	if n := (e.callNo - callNo) / 2; n != 1 {
		t.Errorf("the watchdog saw %d calls, want the statement as one", n)
	}
	// A cheap loop runs all its calls, the last one the statement's.
	calls = 0
	e.ops[0].Fn = func(args, out []any) []any { calls++; return append(out, args[0].(int)) }
	r = e.run(&Request{ID: 2, Stmts: []Stmt{stmt}})
	if got := r.Stmts[0].Outcome; got == OutBadArg || calls != 1000 {
		t.Errorf("cheap loop: outcome %d after %d calls, want all 1000 run", got, calls)
	}
	if got := r.Stmt(0).Values()[0].Hash; got != Hash(999) {
		t.Errorf("cheap loop: last result hash %x, want the 1000th call's", got)
	}
}
