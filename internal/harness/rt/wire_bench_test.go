package rt

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"
	"time"
)

// The wire benchmarks time each of the four halves of a round trip alone,
// on the shapes of the executor package's BenchmarkExecutor (sequences of 1 to 10 calls
// with int and string literals and references, results of one value per
// statement, a few covered blocks and conditions), where the end-to-end
// benchmark's CPU time is shared by two processes and too noisy to tell a
// few nanoseconds apart: go test -bench=Wire ./generator/harness/rt.

// cpuTimer reports the process's CPU time per operation (cpu-ns/op) when
// stopped: on a shared machine wall time per operation says more about the
// neighbours than about the code.
type cpuTimer struct {
	b     *testing.B
	start time.Duration
	ok    bool
}

func startCPU(b *testing.B) cpuTimer {
	b.ResetTimer()
	t, ok := processCPU()
	return cpuTimer{b, t, ok}
}

func (c cpuTimer) stop() {
	c.b.StopTimer()
	if t, ok := processCPU(); ok && c.ok {
		c.b.ReportMetric(float64(t-c.start)/float64(c.b.N), "cpu-ns/op")
	}
}

// benchSeqs makes n sequences shaped like the executor benchmark's, each
// with its own separately allocated arrays, as a search makes them.
func benchSeqs(n int) []Request {
	rng := rand.New(rand.NewPCG(1, 2))
	lit := func() Arg { return Arg{Kind: ArgLit, Lit: Lit{Kind: LitInt, I: int64(rng.IntN(200) - 100)}} }
	out := make([]Request, n)
	for i := range out {
		s := Request{ID: uint64(i)}
		s.Stmts = append(s.Stmts, Stmt{Op: 0, Args: []Arg{lit()}})
		for k := 1 + rng.IntN(9); k > 0; k-- {
			switch rng.IntN(5) {
			case 0:
				s.Stmts = append(s.Stmts, Stmt{Op: 1, Args: []Arg{{Kind: ArgRef}, lit()}})
			case 1:
				s.Stmts = append(s.Stmts, Stmt{Op: 2, Args: []Arg{{Kind: ArgRef}}})
			case 2:
				s.Stmts = append(s.Stmts, Stmt{Op: 3, Args: []Arg{lit(), lit()}})
			case 3:
				s.Stmts = append(s.Stmts, Stmt{Op: 4, Args: []Arg{{Kind: ArgLit, Lit: Lit{Kind: LitString, S: "hello"}}}})
			default:
				s.Stmts = append(s.Stmts, Stmt{Op: 5, Args: []Arg{lit()}})
			}
		}
		out[i] = s
	}
	return out
}

// benchResults makes one result per sequence: a value per statement, of
// the types the executor benchmark's calls return, and a few blocks and
// conditions.
func benchResults(seqs []Request) []Result {
	counter, str := InternType("*cheap.Counter"), InternType("string")
	rng := rand.New(rand.NewPCG(3, 4))
	out := make([]Result, len(seqs))
	for i, s := range seqs {
		r := &out[i]
		r.ID = s.ID
		for _, st := range s.Stmts {
			t := typeIDInt
			switch st.Op {
			case 0:
				t = counter
			case 4:
				t = str
			}
			r.AddStmt(OutNormal, Value{Type: t, Hash: rng.Uint64()})
		}
		for b := int32(1); b < 20; b += 1 + rng.Int32N(4) {
			r.Blocks = append(r.Blocks, b)
		}
		for c := int32(0); c < 6; c += 1 + rng.Int32N(3) {
			r.Conds = append(r.Conds, CondObs{ID: c, NTrue: uint32(rng.IntN(3)), NFalse: uint32(rng.IntN(3)), DistTrue: float64(rng.IntN(3)), DistFalse: float64(rng.IntN(200))})
		}
	}
	return out
}

// batchBytes encodes seqs as the batch frames of batch sequences each.
func batchBytes(b *testing.B, seqs []Request, batch int) []byte {
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	for i := 0; i < len(seqs); i += batch {
		if err := enc.Batch(seqs[i:min(i+batch, len(seqs))]); err != nil {
			b.Fatal(err)
		}
	}
	enc.Flush()
	return buf.Bytes()
}

// resultBytes encodes results as frames.
func resultBytes(b *testing.B, res []Result) []byte {
	var buf bytes.Buffer
	enc := NewEncoder(&buf)
	for i := range res {
		if err := enc.Result(&res[i]); err != nil {
			b.Fatal(err)
		}
	}
	enc.Flush()
	return buf.Bytes()
}

func BenchmarkWireEncodeBatch(b *testing.B) {
	seqs := benchSeqs(4096)
	enc := NewEncoder(io.Discard)
	defer startCPU(b).stop()
	for i := 0; i < b.N; i += 256 {
		lo := i % len(seqs)
		if err := enc.Batch(seqs[lo : lo+256]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWireDecodeBatch(b *testing.B) {
	seqs := benchSeqs(4096)
	data := batchBytes(b, seqs, 256)
	var out []Request
	dec := NewDecoder(&loopReader{data: data})
	defer startCPU(b).stop()
	for i := 0; i < b.N; i += 256 {
		if _, err := dec.Next(); err != nil {
			b.Fatal(err)
		}
		var err error
		if out, err = dec.BatchInto(out); err != nil {
			b.Fatal(err)
		}
	}
}

// loopReader reads data over and over: one decoder decodes the same frames
// for as long as the benchmark runs, as one executor or parent does.
type loopReader struct {
	data []byte
	pos  int
}

func (l *loopReader) Read(p []byte) (int, error) {
	n := copy(p, l.data[l.pos:])
	l.pos = (l.pos + n) % len(l.data)
	return n, nil
}

func BenchmarkWireEncodeResult(b *testing.B) {
	res := benchResults(benchSeqs(4096))
	enc := NewEncoder(io.Discard)
	defer startCPU(b).stop()
	for i := 0; i < b.N; i++ {
		if err := enc.Result(&res[i%len(res)]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWireDecodeResult(b *testing.B) {
	data := resultBytes(b, benchResults(benchSeqs(4096)))
	b.ReportAllocs()
	dec := NewDecoder(&loopReader{data: data})
	defer startCPU(b).stop()
	for i := 0; i < b.N; i++ {
		if _, err := dec.Next(); err != nil {
			b.Fatal(err)
		}
		if _, err := dec.Result(); err != nil {
			b.Fatal(err)
		}
	}
}
