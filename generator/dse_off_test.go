package generator

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// Without z3 on PATH, DSE is off with one log line and says why; -no=dse
// turns it off without a word.
func TestDSEOffWithoutZ3(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	var log bytes.Buffer
	r := &pkgRun{cfg: Config{Log: &log}, pkg: &packages.Package{PkgPath: "example.com/p"}}
	d := r.setupDSE()
	if d.cfg != nil || d.off != "z3 not found on PATH" {
		t.Errorf("setupDSE = %+v, want off for want of z3", d)
	}
	if n := strings.Count(log.String(), "DSE off"); n > 1 {
		t.Errorf("log says DSE off %d times: %s", n, log.String())
	}
	r.setupDSE()
	if n := strings.Count(log.String(), "DSE off"); n > 1 {
		t.Errorf("a second package logs again: %s", log.String())
	}
	r.cfg.Disable = map[Component]bool{DSE: true}
	if d := r.setupDSE(); d.off != "-no=dse" {
		t.Errorf("-no=dse: setupDSE = %+v", d)
	}
	if s := d.summary(nil); s.Ran || s.Off == "" {
		t.Errorf("summary of an off DSE = %+v", s)
	}
}
