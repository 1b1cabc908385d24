package emit

import (
	"strings"
	"testing"
)

// A declaration left out (a test function that does not parse, a case
// that cannot be written) takes back the imports it recorded: a file that
// imports "maps" for a test it dropped does not compile, and costs every
// test.
func TestCheckpointUndoesImports(t *testing.T) {
	r := newRenderer(load(t), Options{})
	r.use("slices")
	undo := r.checkpoint()
	r.use("maps")
	r.shapesUsed = true
	undo()
	if _, ok := r.imports["maps"]; ok {
		t.Errorf("imports %v after undo, want no maps", r.imports)
	}
	if _, ok := r.imports["slices"]; !ok {
		t.Errorf("imports %v after undo, want slices kept", r.imports)
	}
	if r.shapesUsed {
		t.Error("shapes still used after undo")
	}
}

// An import recorded by something the file does not hold, past the
// checkpoints, is left out of the file: one unused import fails the
// whole file's build (pion/dtls's handshake: "elliptic" imported and not
// used, issue 32). The imports the declarations use stay.
func TestFileLeavesOutUnusedImports(t *testing.T) {
	r := newRenderer(load(t), Options{})
	r.use("testing")
	r.use("slices")
	r.use("maps")
	src, err := r.file([]string{"func TestX(t *testing.T) {\n\ts := []int{2, 1}\n\tslices.Sort(s)\n}"})
	if err != nil {
		t.Fatalf("file: %v\n%s", err, src)
	}
	if strings.Contains(string(src), `"maps"`) {
		t.Errorf("file imports maps, which nothing uses:\n%s", src)
	}
	for _, p := range []string{`"slices"`, `"testing"`} {
		if !strings.Contains(string(src), p) {
			t.Errorf("file does not import %s, which it uses:\n%s", p, src)
		}
	}
}
