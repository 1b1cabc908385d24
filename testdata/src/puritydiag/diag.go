// Package puritydiag holds the planted cases of the three diagnostics and
// near misses that must not be reported.
package puritydiag

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Observers with side effects.

type T struct {
	calls int
	name  string
	items []string
}

func (t *T) String() string { // want "String method .* has side effects: mutates-receiver"
	t.calls++
	return t.name
}

func (t *T) Len() int { // want "Len method .* has side effects: io, io:stdio"
	fmt.Fprintln(os.Stderr, "Len called")
	return len(t.items)
}

var lastErr string

type E struct{ msg string }

func (e E) Error() string { // want "Error method .* has side effects: writes-global"
	lastErr = e.msg
	return e.msg
}

type L []int

func (l L) Less(i, j int) bool { // want "Less method .* has side effects: mutates-receiver"
	l[0] = 0
	return l[i] < l[j]
}

type V struct{ seen map[string]bool }

func (v V) MarshalJSON() ([]byte, error) { // want "MarshalJSON method .* has side effects: mutates-receiver"
	v.seen["marshal"] = true
	return json.Marshal(v.seen)
}

type Eq struct{ n int }

func (a *Eq) Equal(b *Eq) bool { // want "Equal method .* has side effects: mutates-param:0"
	b.n = a.n
	return true
}

// Observers without surprising effects: not reported.

type Pkg struct {
	Name    string
	Files   []string
	Imports map[string]*Pkg
}

type flatPkg struct {
	Name    string
	Files   []string
	Imports map[string]string
}

func (p *Pkg) MarshalJSON() ([]byte, error) { // fills a fresh map in a fresh struct
	flat := &flatPkg{Name: p.Name, Files: p.Files}
	flat.Imports = make(map[string]string)
	for k, v := range p.Imports {
		flat.Imports[k] = v.Name
	}
	return json.Marshal(flat)
}

type F struct{ v int }

func (f F) Format(s fmt.State, verb rune) { // writing to the fmt.State is the contract
	fmt.Fprintf(s, "F(%d)", f.v)
	s.Write([]byte("!"))
}

func (f F) String() string { return strconv.Itoa(f.v) }

func (f F) Double() int { return 2 * f.v }

func (f *F) GoString() string {
	local := &F{}
	local.v = f.v // a fresh object
	return fmt.Sprint(local.v)
}

type S []string

func (s S) Len() int           { return len(s) }
func (s S) Less(i, j int) bool { return s[i] < s[j] }
func (s S) Swap(i, j int)      { s[i], s[j] = s[j], s[i] } // Swap is meant to mutate

type W struct{ w io.Writer }

func (w W) String() string { return fmt.Sprint(w.w) } // conservative only: not reported

// Discarded results of pure calls.

func discards(s string, x int) {
	strings.TrimSpace(s)      // want "result of strings.TrimSpace is discarded"
	strconv.Quote(s)          // want "result of strconv.Quote is discarded"
	add(x, 1)                 // want "result of puritydiag.add is discarded"
	F{}.Double()              // want `result of \(puritydiag.F\).Double is discarded`
	mustPositive(x)           // may panic on purpose: not reported
	upper(s)                  // want "result of puritydiag.upper is discarded"
	strings.ToUpper(s)        // want "result of strings.ToUpper is discarded"
	strings.Repeat(s, x)      // panics on purpose (negative count): not reported
	_ = strings.TrimSpace(s)  // assigned: not reported
	fmt.Sprint(s)             // hand-written summary: not reported
	strings.NewReplacer("a"). // panics on odd arguments: not reported
					Replace(s)
	apply(func() { println("x") }) // calls its argument: not reported
	setFirst([]int{x})             // impure: not reported
	logf("%v", s)                  // formats its arguments (their String methods): not reported
}

func logf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

func add(a, b int) int { return a + b }

// upper can panic only inside strings (a failed allocation, an overflow
// check): its result dropped is a mistake, not a call for its panic.
func upper(s string) string { return strings.ToUpper(s) }

func mustPositive(x int) int {
	if x < 0 {
		panic("negative")
	}
	return x
}

func apply(f func()) int { f(); return 0 }

func setFirst(s []int) int { s[0] = 1; return 0 }

// Map order leaking.

func keys(m map[string]int) []string {
	var out []string
	for k := range m { // unexported, and no caller prints it: not reported
		out = append(out, k)
	}
	return out
}

// Keys is a public listing of keys in map order.
func Keys(m map[string]int) []string {
	return keysOf(m)
}

func keysOf(m map[string]int) []string {
	var out []string
	for k := range m { // want "slice built in map iteration order is returned at .* and is returned by exported Keys"
		out = append(out, k)
	}
	return out
}

// Files lists the files of an index in an error.
func (ix *Index) Files(m map[string]bool) error {
	var names []string
	for k := range m { // want "slice built in map iteration order reaches output at fmt.Errorf"
		names = append(names, k)
	}
	return fmt.Errorf("files: %v", names)
}

type Index struct{ names []string }

func (ix *Index) load(m map[string]bool) {
	names := make([]string, 0, len(m))
	for k, ok := range m { // stored in an unexported field: not reported
		if ok {
			names = append(names, k)
		}
	}
	ix.names = names
}

func sortedKeys(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func sortedByClosure(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func sortedSlices(m map[string]int) []int {
	out := []int{}
	for _, v := range m {
		out = append(out, v)
	}
	slices.Sort(out)
	return out
}

func sortedByHelper(m map[string]int) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	mySort(out)
	return out
}

func mySort(s []string) { sort.Strings(s) }

func countOnly(m map[string]int) int {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return len(out)
}

func sliceOrder(xs []string) []string {
	var out []string
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

// Not an observer: Cap with a parameter sets a capacity.
func (t *T) Cap(n int) int {
	t.calls = n
	return n
}
