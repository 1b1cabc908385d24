package emit

import "github.com/gentest-go/gentest/internal/model"

// shapeDecls returns the declarations of the synthesized types
// (model/reflectshapes.go) when the file spells one, in the model's
// order. All of them, once one is used: the shapes nest in each other's
// `any` fields, and an unused type declaration compiles.
func (r *renderer) shapeDecls() []string {
	if !r.shapesUsed {
		return nil
	}
	var out []string
	for _, tn := range r.prog.Shapes {
		out = append(out, model.ShapeDecl(tn, r.qualify))
	}
	return out
}
