package endtoend_test

import (
	"bytes"
	"testing"

	"github.com/gentest-go/gentest/internal/generatortest"
)

// A walker over `any` that switches on reflect kinds, reads the tag
// "walk" (a name "ignore", options ",omitempty" and ",string") and
// special-cases time.Time (testdata/gen/reflectwalk) is given values of a
// struct declared once in the test file with those tags, maps, slices,
// pointers and times (model/reflectshapes.go); with basic literals alone
// it reached 61% in 30 s. Fixed seed and -execs give the same file twice.
func TestReflectiveWalker(t *testing.T) {
	generatortest.EndToEnd(t)
	const mod = "example.com/reflectwalk"
	dir := generatortest.ScratchModule(t, "../../testdata/gen/reflectwalk", mod)
	sum, src := generatortest.Gen(t, dir, 5000, 1)
	if sum.Coverage < 0.9 {
		t.Errorf("coverage %.2f, want 0.90", sum.Coverage)
	}
	for _, w := range []string{"type TaggedShape struct {", "`walk:\"ignore\"`", "`walk:\",omitempty\"`", "When         time.Time", "TaggedShape{"} {
		if !bytes.Contains(src, []byte(w)) {
			t.Errorf("the file has no %q:\n%s", w, src)
		}
	}
	if n := bytes.Count(src, []byte("type TaggedShape struct")); n != 1 {
		t.Errorf("TaggedShape declared %d times, want once", n)
	}
	if !generatortest.Comparisons(t) {
		return
	}
	// Again in the same copy put back as it was: the second run loads
	// the first's executor from the cache instead of building another.
	generatortest.ResetModule(t, dir, mod)
	sum, again := generatortest.Gen(t, dir, 5000, 1)
	if sum.Kept != 0 {
		t.Fatalf("the second run kept %d tests: it updated the first's file instead of generating anew", sum.Kept)
	}
	if !bytes.Equal(src, again) {
		t.Errorf("two runs with seed 1 and 5000 executions wrote different files")
	}
}

// A skip list ordered by a comparator func(a, b K) int
// (testdata/gen/skiplist) gets a three-way comparison written as a
// function literal (model.FuncCompare): with a comparator that says
// equal, it would hold one element and never walk a level.
func TestComparatorContainer(t *testing.T) {
	generatortest.EndToEnd(t)
	genHolding(t, "skiplist", 3000, 0.9, "skiplist.New[int, int](func(p0 int, p1 int) int {\n\t\t\tif p0 < p1 {\n\t\t\t\treturn -1\n\t\t\t}")
}
