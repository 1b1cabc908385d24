package apidoc

import (
	"go/ast"
	"go/types"
	"regexp"
	"sort"

	"golang.org/x/tools/go/analysis"
)

// Advance marks a method that moves a value through a protocol its
// documentation states: a method returning only a bool (Next, First, Seek,
// Scan) that the doc comments of its type say must be called, and must
// return true, before the value's other methods are used ("If Next()
// returns true, then next element's key and value can be retrieved by
// Key() and Value()"; "Call Next() to fetch the first element if any").
// A panic in an accessor of a value on which no advance returned true is
// the caller skipping the protocol, not a bug.
type Advance struct {
	// Sentence is the doc comment's sentence that states the protocol.
	Sentence string
}

// AFact marks Advance as an analysis fact.
func (*Advance) AFact() {}

func (f *Advance) String() string { return "advance: " + f.Sentence }

// FuncJSON shows the fact in gentest facts.
func (f *Advance) FuncJSON() map[string]any { return map[string]any{"doc_advance": f.Sentence} }

// orderCue matches the words by which a sentence puts one call before
// another or makes the rest conditional on it: "Call Next() to fetch the
// first element", "If First() returns true, then ...", "must be preceded
// by a call to Next".
var orderCue = regexp.MustCompile(`(?i)\b(first|before|after|then|preceded|prior|until|must|call|calls|called|calling|returns? true)\b`)

// ProtocolSentence returns the sentence of docs that states advance as a
// step other methods of its type depend on, or "". docs are the doc
// comments of the type (key "") and of its methods (keyed by method name);
// methods are the names of the type's exported methods. A sentence counts
// when it names advance, relates it to something else of the type — it is
// in the type's doc or another method's doc, or it names another method —
// and has an order cue (orderCue). A method describing only itself ("Add
// adds x and returns true if it was new") states no protocol.
func ProtocolSentence(advance string, docs map[string]string, methods []string) string {
	name := regexp.MustCompile(`\b` + regexp.QuoteMeta(advance) + `\b`)
	keys := make([]string, 0, len(docs))
	for k := range docs {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the same sentence every run
	for _, k := range keys {
		for _, s := range sentences(docs[k]) {
			if !name.MatchString(s) || !orderCue.MatchString(s) {
				continue
			}
			related := k != advance
			for _, m := range methods {
				if m != advance && regexp.MustCompile(`\b`+regexp.QuoteMeta(m)+`\b`).MatchString(s) {
					related = true
					break
				}
			}
			if related {
				return s
			}
		}
	}
	return ""
}

// protocols exports an Advance fact for every method of the package's
// named types that returns only a bool and whose type's doc comments
// state it as a protocol step (ProtocolSentence).
func protocols(pass *analysis.Pass) {
	typeDocs := map[*types.TypeName]string{}
	methodDocs := map[*types.TypeName]map[string]string{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					ts, ok := sp.(*ast.TypeSpec)
					if !ok {
						continue
					}
					tn, ok := pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
					if !ok {
						continue
					}
					doc := ts.Doc
					if doc == nil && len(d.Specs) == 1 {
						doc = d.Doc
					}
					if doc != nil {
						typeDocs[tn] = doc.Text()
					}
				}
			case *ast.FuncDecl:
				if d.Recv == nil || d.Doc == nil || !d.Name.IsExported() {
					continue
				}
				fn, ok := pass.TypesInfo.Defs[d.Name].(*types.Func)
				if !ok {
					continue
				}
				tn := recvTypeName(fn)
				if tn == nil {
					continue
				}
				if methodDocs[tn] == nil {
					methodDocs[tn] = map[string]string{}
				}
				methodDocs[tn][fn.Name()] = d.Doc.Text()
			}
		}
	}
	for tn, mdocs := range methodDocs {
		n, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		docs := map[string]string{"": typeDocs[tn]}
		for k, v := range mdocs {
			docs[k] = v
		}
		var methods []string
		for i := 0; i < n.NumMethods(); i++ {
			if m := n.Method(i); m.Exported() {
				methods = append(methods, m.Name())
			}
		}
		for i := 0; i < n.NumMethods(); i++ {
			m := n.Method(i)
			if !m.Exported() || !returnsOnlyBool(m) {
				continue
			}
			if s := ProtocolSentence(m.Name(), docs, methods); s != "" {
				pass.ExportObjectFact(m, &Advance{Sentence: s})
			}
		}
	}
}

// recvTypeName is the named type a method is declared on, or nil.
func recvTypeName(fn *types.Func) *types.TypeName {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return nil
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj()
	}
	return nil
}

// returnsOnlyBool reports whether fn's only result is a bool: an advance
// answers whether it moved, and nothing else.
func returnsOnlyBool(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	if res.Len() != 1 {
		return false
	}
	b, ok := res.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}
