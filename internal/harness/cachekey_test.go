package harness

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/gentest-go/gentest/internal/load"
)

// keyModule writes a module m whose package p embeds a file, has assembly,
// header and object files, imports a package q of its own module and a
// package of module r, which a local replace directive points at. It
// returns the root directory.
func keyModule(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"m/go.mod": "module example.com/m\n\ngo 1.21\n\nrequire example.com/r v0.0.0\n\nreplace example.com/r => ../r\n",
		"m/go.sum": "example.com/unused v1.0.0 h1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\n",
		"m/p/p.go": `package p

import (
	_ "embed"
	"strings"

	"example.com/m/q"
	"example.com/r"
)

//go:embed data.txt
var data string

// F uses everything.
func F() string { return strings.ToUpper(data) + q.Q() + r.R() }
`,
		"m/p/data.txt":  "embedded\n",
		"m/p/asm.s":     "// assembly\n",
		"m/p/x.h":       "// header\n",
		"m/p/blob.syso": "object",
		"m/p/README.md": "not read by the build\n",
		"m/q/q.go":      "package q\n\n// Q is q.\nfunc Q() string { return \"q\" }\n",
		"r/go.mod":      "module example.com/r\n\ngo 1.21\n",
		"r/r.go":        "package r\n\n// R is r.\nfunc R() string { return \"r\" }\n",
	}
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func loadKeyPackage(t *testing.T, dir string) *packages.Package {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Mode: load.Mode, Dir: dir, Env: os.Environ()}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("loading %s: %v", dir, pkgs[0].Errors)
	}
	return pkgs[0]
}

// TestCacheKeyInputs changes each input of the executor cache key alone
// and checks that the key changes, and that it does not for a file the
// build does not read.
func TestCacheKeyInputs(t *testing.T) {
	root := keyModule(t)
	pdir := filepath.Join(root, "m", "p")
	pkg := loadKeyPackage(t, pdir)
	overlay := map[string][]byte{filepath.Join(pdir, "p.go"): []byte("package p // instrumented\n")}
	deleted := []string{filepath.Join(pdir, "p_test.go")}
	key := func() string {
		t.Helper()
		k, err := gatherKeyInputs(pkg, overlay, deleted)
		if err != nil {
			t.Fatal(err)
		}
		return k.key()
	}
	base := key()
	if again := key(); again != base {
		t.Fatalf("the key is not deterministic: %s, then %s", base, again)
	}

	edit := func(rel string) func(t *testing.T) func() {
		return func(t *testing.T) func() {
			p := filepath.Join(root, filepath.FromSlash(rel))
			old, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, append(append([]byte{}, old...), "\n// changed\n"...), 0o644); err != nil {
				t.Fatal(err)
			}
			return func() { os.WriteFile(p, old, 0o644) }
		}
	}
	setenv := func(name, value string) func(t *testing.T) func() {
		return func(t *testing.T) func() {
			old, had := os.LookupEnv(name)
			os.Setenv(name, value)
			return func() {
				if had {
					os.Setenv(name, old)
				} else {
					os.Unsetenv(name)
				}
			}
		}
	}
	cases := []struct {
		name   string
		change func(t *testing.T) func() // returns the undo
	}{
		{"package Go file on disk", edit("m/p/p.go")},
		{"embedded file", edit("m/p/data.txt")},
		{"assembly file", edit("m/p/asm.s")},
		{"header file", edit("m/p/x.h")},
		{".syso object", edit("m/p/blob.syso")},
		{"module-local dependency", edit("m/q/q.go")},
		{"local replace target's package", edit("r/r.go")},
		{"local replace target's go.mod", edit("r/go.mod")},
		{"go.mod", edit("m/go.mod")},
		{"go.sum", edit("m/go.sum")},
		{"overlay file", func(t *testing.T) func() {
			p := filepath.Join(pdir, "p.go")
			old := overlay[p]
			overlay[p] = []byte("package p // instrumented differently\n")
			return func() { overlay[p] = old }
		}},
		{"deleted user tests", func(t *testing.T) func() {
			old := deleted
			deleted = append([]string{filepath.Join(pdir, "other_test.go")}, deleted...)
			return func() { deleted = old }
		}},
		{"GOFLAGS", setenv("GOFLAGS", "-tags=gentest_key_test")},
		{"CGO_ENABLED", setenv("CGO_ENABLED", map[bool]string{true: "0", false: "1"}[goEnvVar(t, "CGO_ENABLED") == "1"])},
		{"GOARCH", setenv("GOARCH", map[bool]string{true: "amd64", false: "arm64"}[goEnvVar(t, "GOARCH") == "arm64"])},
		{"GOOS", setenv("GOOS", map[bool]string{true: "linux", false: "windows"}[goEnvVar(t, "GOOS") == "windows"])},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			undo := c.change(t)
			changed := key()
			undo()
			if changed == base {
				t.Errorf("changing the %s leaves the key %s", c.name, base)
			}
			if back := key(); back != base {
				t.Errorf("after undoing the change the key is %s, want %s", back, base)
			}
		})
	}

	// The Go version and gentest's own version cannot be changed from a
	// test; change them in the inputs.
	k, err := gatherKeyInputs(pkg, overlay, deleted)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		change func(*keyInputs)
	}{
		{"Go version", func(k *keyInputs) { k.env["GOVERSION"] += ".1" }},
		{"gentest version", func(k *keyInputs) { k.self += "x" }},
		{"build recipe", func(k *keyInputs) { k.recipe += "x" }},
	} {
		k2 := *k
		k2.env = map[string]string{}
		for n, v := range k.env {
			k2.env[n] = v
		}
		c.change(&k2)
		if k2.key() == base {
			t.Errorf("changing the %s leaves the key", c.name)
		}
	}

	// Neither a file the build does not read nor the standard library is
	// an input.
	if undo := edit("m/p/README.md")(t); key() != base {
		t.Error("changing a file the build does not read changes the key")
		undo()
	} else {
		undo()
	}
	for _, p := range k.disk {
		if within(k.env["GOROOT"], p) {
			t.Errorf("GOROOT file %s is hashed", p)
		}
	}
}

func goEnvVar(t *testing.T, name string) string {
	env, err := goEnv(".", []string{name})
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(env[name])
}
