package emit

import "testing"

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
