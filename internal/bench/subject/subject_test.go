package subject

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	in := `# comment
std container/ring
  github.com/google/uuid@v1.6.0 .   # trailing comment

github.com/emirpasic/gods@v1.18.1 lists/arraylist
`
	got, err := Parse(strings.NewReader(in), "f")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ name, dir, imp string }{
		{"std", "container/ring", "container/ring"},
		{"github.com/google/uuid@v1.6.0", ".", "github.com/google/uuid"},
		{"github.com/emirpasic/gods@v1.18.1", "lists/arraylist", "github.com/emirpasic/gods/lists/arraylist"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d subjects, want %d: %+v", len(got), len(want), got)
	}
	for i, w := range want {
		if got[i].Name() != w.name || got[i].Dir != w.dir || got[i].ImportPath() != w.imp {
			t.Errorf("subject %d = %q %q %q, want %q %q %q", i, got[i].Name(), got[i].Dir, got[i].ImportPath(), w.name, w.dir, w.imp)
		}
	}
	if got[1].Line != 3 {
		t.Errorf("line = %d, want 3", got[1].Line)
	}
}

func TestParseErrors(t *testing.T) {
	for _, in := range []string{
		"std",
		"github.com/x/y .",
		"github.com/x/y@ .",
		"github.com/x/y@v1 ../up",
		"github.com/x/y@v1 /abs",
		"std ./rel",
		"a@v1 b c",
	} {
		if _, err := Parse(strings.NewReader(in), "f"); err == nil {
			t.Errorf("Parse(%q) succeeded, want error", in)
		} else if !strings.HasPrefix(err.Error(), "f:1: ") {
			t.Errorf("Parse(%q) error %q lacks position", in, err)
		}
	}
}

func TestParseSharedSubjects(t *testing.T) {
	subjects, err := ParseFile("../../../testdata/bench/subjects.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(subjects) == 0 {
		t.Fatal("no subjects")
	}
}

// TestCorpus checks the unseen evaluation corpus against its promises:
// parses, at least 100 packages from std and at least 40 modules, no
// package twice, and none of the public subjects gentest was tuned on, nor
// any other package of their modules.
func TestCorpus(t *testing.T) {
	corpus, err := ParseFile("../../../bench/corpus.txt")
	if err != nil {
		t.Fatal(err)
	}
	public, err := ParseFile("../../../bench/subjects.txt")
	if err != nil {
		t.Fatal(err)
	}
	tuned := map[string]bool{}
	for _, s := range public {
		tuned[s.ImportPath()] = true
		if !s.Std {
			tuned["module "+s.Module] = true
		}
	}
	seen := map[string]bool{}
	modules := map[string]bool{}
	std := 0
	for _, s := range corpus {
		if seen[s.ImportPath()] {
			t.Errorf("corpus.txt:%d: %s listed twice", s.Line, s.ImportPath())
		}
		seen[s.ImportPath()] = true
		if tuned[s.ImportPath()] || (!s.Std && tuned["module "+s.Module]) {
			t.Errorf("corpus.txt:%d: %s is (in the module of) a public subject", s.Line, s)
		}
		if s.Std {
			std++
		} else {
			modules[s.Module] = true
		}
	}
	if len(corpus) < 100 || len(modules) < 40 || std == 0 {
		t.Errorf("corpus has %d packages (%d std) from %d modules; want at least 100, some std, 40 modules", len(corpus), std, len(modules))
	}
}

// TestRepoSubjectsCopy keeps bench/subjects.txt, the copy users run, equal
// to the harness's test copy of the public subjects.
func TestRepoSubjectsCopy(t *testing.T) {
	a, err := ParseFile("../../../bench/subjects.txt")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseFile("../../../testdata/bench/subjects.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != len(b) {
		t.Fatalf("bench/subjects.txt has %d subjects, testdata/bench/subjects.txt %d", len(a), len(b))
	}
	for i := range a {
		if a[i].String() != b[i].String() {
			t.Errorf("subject %d: %s vs %s", i, a[i], b[i])
		}
	}
}

func TestParseOne(t *testing.T) {
	for _, c := range []struct{ in, name, dir string }{
		{"std container/ring", "std", "container/ring"},
		{"std:container/ring", "std", "container/ring"},
		{"github.com/google/uuid@v1.6.0 .", "github.com/google/uuid@v1.6.0", "."},
		{"github.com/google/uuid@v1.6.0:.", "github.com/google/uuid@v1.6.0", "."},
		{"github.com/emirpasic/gods@v1.18.1:lists/arraylist", "github.com/emirpasic/gods@v1.18.1", "lists/arraylist"},
	} {
		s, err := ParseOne(c.in)
		if err != nil || s.Name() != c.name || s.Dir != c.dir {
			t.Errorf("ParseOne(%q) = %q %q, %v; want %q %q", c.in, s.Name(), s.Dir, err, c.name, c.dir)
		}
	}
	for _, bad := range []string{"", "std", "container/ring", "github.com/x/y:.", "a b c"} {
		if _, err := ParseOne(bad); err == nil {
			t.Errorf("ParseOne(%q) succeeded", bad)
		}
	}
}
