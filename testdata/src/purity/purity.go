// Package purity holds fact expectations for every effect kind.
package purity

import (
	"crypto/rand"
	"errors"
	"fmt"
	mrand "math/rand"
	randv2 "math/rand/v2"
	"net"
	"os"
	"os/exec"
	"puritydep"
	"sort"
	"strings"
	"sync"
	"time"
)

// Pure functions.

func Add(a, b int) int { return a + b } // want Add:"^pure$"

func Upper(s string) string { return strings.ToUpper(strings.TrimSpace(s)) } // want Upper:"^pure panics$"

func Fresh(n int) []int { // want Fresh:"^pure$"
	s := make([]int, n)
	for i := range s {
		s[i] = i // writing a slice the function made is not an effect
	}
	p := &point{}
	p.x = 1
	return append(s, p.x)
}

func Sum(xs []int) int { // want Sum:"^pure$"
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

type point struct{ x, y int }

// Receivers.

type Stack struct {
	items []int
	inner *inner
}

type inner struct{ n int }

func (s *Stack) Push(x int) { s.items = append(s.items, x) } // want Push:"^mutates-receiver$"

func (s *Stack) PushTwice(x int) { s.Push(x); s.Push(x) } // want PushTwice:"^mutates-receiver$"

func PushOnto(s *Stack) { s.Push(1) } // want PushOnto:"^mutates-param:0$"

func PushFresh() int { // want PushFresh:"^pure$"
	s := &Stack{}
	s.Push(1)
	return s.Len()
}

func (s *Stack) Len() int { return len(s.items) } // want Len:"^pure$"

func (s Stack) SetFirst(x int) { s.items[0] = x } // want SetFirst:"^mutates-receiver$"

func (s Stack) SetCopy() { s.inner = nil } // want SetCopy:"^pure$"

func (s *Stack) Nested() { // want Nested:"^mutates-receiver$"
	in := s.inner // a pointer derived from the receiver, kept in a local
	in.n++
}

// Parameters.

func SetPtr(p *int, v int) { *p = v } // want SetPtr:"^mutates-param:0$"

func SetMap(v int, m map[string]int) { m["k"] = v } // want SetMap:"^mutates-param:1$"

func SortIt(s []string) { sort.Strings(s) } // want SortIt:"^mutates-param:0$"

func ViaMethod(c *puritydep.Counter) { c.Inc() } // want ViaMethod:"^mutates-param:0$"

func ViaDep(s []int) { puritydep.Fill(s, 1) } // want ViaDep:"^mutates-param:0$"

func CopyInto(dst, src []byte) int { return copy(dst, src) } // want CopyInto:"^mutates-param:0$"

func AppendShared(s []int) []int { return append(s, 1) } // want AppendShared:"^mutates-param:0$"

func ReadsOnly(c puritydep.Counter) int { return c.Get() } // want ReadsOnly:"^pure$"

// Globals.

var total int

var registry = map[string]int{}

func Bump() { total++ } // want Bump:"^writes-global$"

func Register(k string) { registry[k] = 1 } // want Register:"^writes-global$"

func ReadGlobal() int { return total } // want ReadGlobal:"^pure$"

// I/O.

func ReadConf(name string) ([]byte, error) { return os.ReadFile(name) } // want ReadConf:"^io io:fs-read$"

func WriteConf(name string, b []byte) error { return puritydep.Save(name, b) } // want WriteConf:"^io io:fs-write$"

func Dial() (net.Conn, error) { return net.Dial("tcp", "localhost:1") } // want Dial:"io:net.*conservative"

func Run() error { return exec.Command("true").Run() } // want Run:"io:exec"

func Home() string { return os.Getenv("HOME") } // want Home:"^io io:env$"

func Hello() { fmt.Println("hello") } // want Hello:"io:stdio"

// Exits, nondeterminism, blocking, spawning, panics.

func Quit() { os.Exit(1) } // want Quit:"^exits$"

func Now() time.Time { return time.Now() } // want Now:"^nondeterministic$"

func Roll() int { return mrand.Intn(6) } // want Roll:"^nondeterministic$"

func Roll2() int { return randv2.IntN(6) } // want Roll2:"^nondeterministic$"

func Token(b []byte) { rand.Read(b) } // want Token:"^mutates-param:0 nondeterministic$"

func Keys(m map[string]int) []string { // want Keys:"^nondeterministic$"
	var out []string
	for k := range m { // the caller's map (lo.Keys): its order is the caller's, not reported
		out = append(out, k)
	}
	return out
}

func SortedKeys(m map[string]int) []string { // want SortedKeys:"^pure$"
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func AnyKey(m map[string]int) string { // want AnyKey:"^nondeterministic$"
	for k := range m {
		return k
	}
	return ""
}

// FirstBad returns the first failing entry's error in map order: which
// error depends on the order, whether one is returned does not.
func FirstBad(m map[string]int) error { // want FirstBad:"^error-choice$"
	for k, v := range m {
		if v < 0 {
			return errors.New("negative: " + k)
		}
	}
	return nil
}

// CheckAll returns FirstBad's choice: the choice of a callee is its own.
func CheckAll(m map[string]int) (int, error) { // want CheckAll:"^error-choice$"
	if err := FirstBad(m); err != nil {
		return 0, err
	}
	return len(m), nil
}

// KeyOrErr chooses a key (a value) and an error in map order: the value
// makes it nondeterministic whole.
func KeyOrErr(m map[string]int) (string, error) { // want KeyOrErr:"^nondeterministic error-choice$"
	for k, v := range m {
		if v < 0 {
			return "", errors.New("negative: " + k)
		}
		return k, nil
	}
	return "", nil
}

func Either(a, b chan int) int { // want Either:"^mutates-param:0 mutates-param:1 nondeterministic blocks$"
	select {
	case x := <-a:
		return x
	case x := <-b:
		return x
	}
}

func Recv(c chan int) int { return <-c } // want Recv:"^mutates-param:0 blocks$"

func TryRecv(c chan int) int { // want TryRecv:"^mutates-param:0$"
	select {
	case x := <-c:
		return x
	default:
		return 0
	}
}

func Nap() { time.Sleep(time.Millisecond) } // want Nap:"^blocks$"

func Wait(wg *sync.WaitGroup) { wg.Wait() } // want Wait:"^blocks$"

func Spawn() { go func() {}() } // want Spawn:"^spawns$"

func Must(err error) { // want Must:"^pure panics$"
	if err != nil {
		panic(err)
	}
}

type guarded struct {
	mu sync.Mutex
	n  int
}

func (g *guarded) Get() int { // want Get:"^pure$"
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.n
}

// Recursion.

func Even(n int, p *int) bool { // want Even:"^mutates-param:1$"
	if n == 0 {
		*p = 1
		return true
	}
	return Odd(n-1, p)
}

func Odd(n int, p *int) bool { // want Odd:"^mutates-param:1$"
	if n == 0 {
		return false
	}
	return Even(n-1, p)
}

func Fact(n int) int { // want Fact:"^pure$"
	if n <= 1 {
		return 1
	}
	return n * Fact(n-1)
}

// Closures.

func Counter() int { // want Counter:"^pure$"
	n := 0
	inc := func() { n++ } // a captured local is not the caller's state
	inc()
	inc()
	return n
}

func ClosureMutates(p *point) { // want ClosureMutates:"^mutates-param:0$"
	f := func() { p.x = 1 }
	f()
}

func ClosureGlobal() { // want ClosureGlobal:"^writes-global$"
	func() { total = 2 }()
}

func CallsDep() { // want CallsDep:"^writes-global$"
	puritydep.Twice(Bump)
}

func CallsPureCallback() int { // want CallsPureCallback:"^pure$"
	n := 0
	puritydep.Twice(func() { n++ })
	return n
}

func Each(xs []int, f func(int)) { // want Each:"^pure calls-param:1$"
	for _, x := range xs {
		f(x)
	}
}

type Handler struct{ fn func() }

func (h *Handler) Run() { h.fn() } // want Run:"^pure conservative$"

// Generics.

func SetAll[T any](s []T, v T) { // want SetAll:"^mutates-param:0$"
	for i := range s {
		s[i] = v
	}
}

func Max[T int | float64](a, b T) T { // want Max:"^pure$"
	if a > b {
		return a
	}
	return b
}

func UseGeneric(s []string) { SetAll(s, "x") } // want UseGeneric:"^mutates-param:0$"

type Box[T any] struct{ v T }

func (b *Box[T]) Set(v T) { b.v = v } // want Set:"^mutates-receiver$"

func (b Box[T]) Value() T { return b.v } // want Value:"^pure$"

func Stringify[T fmt.Stringer](x T) string { return x.String() } // want Stringify:"^pure calls-type-params$"

type name string

func (n name) String() string { return string(n) } // want String:"^pure$"

func UseStringify() string { return Stringify(name("a")) } // want UseStringify:"^pure$"
