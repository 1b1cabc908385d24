package scratch

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/bench/proc"
	"github.com/gentest-go/gentest/internal/bench/subject"
)

func testEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local")
}

func TestRewriteImport(t *testing.T) {
	file := filepath.Join(t.TempDir(), "x_test.go")
	src := "package ring_test\n\nimport (\n\t\"container/ring\"\n\tr2 \"container/ring\"\n\t\"fmt\"\n)\n\n// \"container/ring\" in a comment stays.\nvar _ = ring.New\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	changed, err := RewriteImport(file, "container/ring", "benchstd/container/ring")
	if err != nil || !changed {
		t.Fatalf("RewriteImport = %v, %v", changed, err)
	}
	got, _ := os.ReadFile(file)
	want := strings.Replace(src, "\"container/ring\"", "\"benchstd/container/ring\"", 2)
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if changed, err := RewriteImport(file, "container/list", "x"); err != nil || changed {
		t.Errorf("RewriteImport of an absent import = %v, %v", changed, err)
	}
}

func TestInternalImport(t *testing.T) {
	for imps, want := range map[string]string{
		"fmt,strings":                  "",
		"fmt,internal/bytealg":         "internal/bytealg",
		"vendor/golang.org/x/net/idna": "vendor/golang.org/x/net/idna",
		"net/http/internal/ascii":      "net/http/internal/ascii",
		"github.com/x/internalize":     "",
	} {
		if got := InternalImport(strings.Split(imps, ",")); got != want {
			t.Errorf("InternalImport(%s) = %q, want %q", imps, got, want)
		}
	}
}

func TestPrepareStd(t *testing.T) {
	env := testEnv()
	dst := filepath.Join(t.TempDir(), "base")
	c, err := Prepare(context.Background(), subject.Subject{Std: true, Dir: "container/ring"}, dst, env)
	if err != nil {
		t.Fatal(err)
	}
	if c.PkgPath != "benchstd/container/ring" || c.PkgName != "ring" || len(c.HumanTests) == 0 {
		t.Fatalf("Prepare = %+v", c)
	}
	ex, err := os.ReadFile(filepath.Join(c.PkgDir(), "example_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(ex), `"benchstd/container/ring"`) {
		t.Error("external test still imports the original package")
	}
	clone, err := c.Clone(filepath.Join(t.TempDir(), "gen"))
	if err != nil {
		t.Fatal(err)
	}
	if err := clone.RemoveHumanTests(); err != nil {
		t.Fatal(err)
	}
	if m, _ := filepath.Glob(filepath.Join(clone.PkgDir(), "*_test.go")); len(m) != 0 {
		t.Errorf("tests left after RemoveHumanTests: %v", m)
	}
	if err := clone.RestoreHumanTests(c); err != nil {
		t.Fatal(err)
	}
	if testing.Short() {
		return
	}
	if r := proc.Run(context.Background(), clone.Root, env, "go", "test", "-count=1", c.PkgPath); r.Err != nil {
		t.Fatalf("human tests do not pass in the copy: %v", r.Failure("go", "test"))
	}
}

func TestPrepareStdInternal(t *testing.T) {
	_, err := Prepare(context.Background(), subject.Subject{Std: true, Dir: "strings"}, t.TempDir(), testEnv())
	if err == nil || !strings.Contains(err.Error(), "internal/") {
		t.Fatalf("Prepare(std strings) error = %v, want an internal-import error", err)
	}
}

func TestPrepareModule(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the module proxy")
	}
	s := subject.Subject{Module: "github.com/emirpasic/gods", Version: "v1.18.1", Dir: "stacks/arraystack"}
	c, err := Prepare(context.Background(), s, filepath.Join(t.TempDir(), "base"), testEnv())
	if err != nil {
		t.Fatal(err)
	}
	if c.PkgPath != "github.com/emirpasic/gods/stacks/arraystack" || c.PkgName != "arraystack" || len(c.HumanTests) == 0 {
		t.Fatalf("Prepare = %+v", c)
	}
}

// A generated test named like a human test of the same package (both have
// a FuzzComma) is renamed when the human tests come back; one of another
// package, a helper and a method keep their names.
func TestRestoreRenamesClashes(t *testing.T) {
	human, gen := &Copy{Root: t.TempDir(), HumanTests: []string{"a_test.go"}}, &Copy{Root: t.TempDir()}
	for _, c := range []*Copy{human, gen} {
		if err := os.MkdirAll(c.PkgDir(), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(c *Copy, name, src string) {
		if err := os.WriteFile(filepath.Join(c.PkgDir(), name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(human, "a_test.go", "package p\n\nimport \"testing\"\n\nfunc FuzzComma(f *testing.F) {}\n\nfunc TestX(t *testing.T) {}\n\nfunc helper() {}\n")
	gsrc := "package p\n\nimport \"testing\"\n\n// FuzzComma is gentest's.\nfunc FuzzComma(f *testing.F) { helper() }\n\nfunc TestY(t *testing.T) {}\n\nfunc helper() {}\n"
	write(gen, "p_gentest_test.go", gsrc)
	write(gen, "q_test.go", "package p_test\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\n")
	if err := gen.RestoreHumanTests(human); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(gen.PkgDir(), "p_gentest_test.go"))
	if want := strings.Replace(gsrc, "func FuzzComma(", "func FuzzComma_gentest(", 1); string(got) != want {
		t.Errorf("generated file:\n%s\nwant\n%s", got, want)
	}
	if got, _ := os.ReadFile(filepath.Join(gen.PkgDir(), "q_test.go")); !strings.Contains(string(got), "func TestX(") {
		t.Errorf("a test of the external package was renamed:\n%s", got)
	}
	if _, err := os.Stat(filepath.Join(gen.PkgDir(), "a_test.go")); err != nil {
		t.Errorf("human test not restored: %v", err)
	}
}
