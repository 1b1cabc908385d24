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
	subjects, err := ParseFile("../../testdata/bench/subjects.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(subjects) == 0 {
		t.Fatal("no subjects")
	}
}
