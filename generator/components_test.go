package generator

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gentest-go/gentest/internal/oracle"
)

// Every component -no accepts parses, once; an unknown name is refused
// with the list.
func TestParseDisable(t *testing.T) {
	seen := map[Component]bool{}
	for _, c := range Components {
		if seen[c] {
			t.Errorf("%s is listed twice", c)
		}
		seen[c] = true
	}
	m, err := ParseDisable(" construct, fuzz ,," + string(PureRepeat))
	if err != nil || len(m) != 3 || !m[Construct] || !m[Fuzz] || !m[PureRepeat] {
		t.Errorf("ParseDisable = %v, %v; want construct, fuzz and pure-repeat", m, err)
	}
	if _, err := ParseDisable("constants,nosuch"); err == nil || !strings.Contains(err.Error(), strings.Join(ComponentNames(), ", ")) {
		t.Errorf("ParseDisable(nosuch) = %v; want an error listing the components", err)
	}
	if !slices.Contains(oracle.ContractNames, string(PureRepeat)) {
		t.Errorf("PureRepeat %q is not one of oracle.ContractNames %v", PureRepeat, oracle.ContractNames)
	}
}

// The README's paragraph on -no names every component but the contracts,
// which it calls "each contract's name".
func TestReadmeNamesComponents(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	start := strings.Index(text, "- `-no=")
	if start < 0 {
		t.Fatal("README.md has no paragraph on -no")
	}
	para := text[start:]
	if end := strings.Index(para, "\n- "); end >= 0 {
		para = para[:end]
	}
	for _, c := range Components {
		if slices.Contains(oracle.ContractNames, string(c)) {
			continue
		}
		if !strings.Contains(para, string(c)) {
			t.Errorf("README.md's paragraph on -no does not name %s", c)
		}
	}
}
