package emit

import (
	"go/types"
	"strconv"
	"strings"
)

// qualify returns the name a package is imported under, recording the
// import.
func (r *renderer) qualify(p *types.Package) string {
	if p == nil {
		return ""
	}
	if r.prog.IsShape(p) {
		// A synthesized type, declared in the file itself (shapes.go).
		r.shapesUsed = true
		return ""
	}
	if n, ok := r.imports[p.Path()]; ok {
		return n
	}
	if name, ok := r.own[p.Path()]; ok {
		// A package the file may import for itself keeps its own name:
		// runtime.StartTrace and the fuzz targets' runtime.Error share
		// one import.
		r.imports[p.Path()] = name
		return name
	}
	name := p.Name()
	taken := map[string]bool{r.pkgName: true}
	for _, n := range r.own {
		taken[n] = true
	}
	for _, n := range r.imports {
		taken[n] = true
	}
	n := name
	for i := 2; taken[n]; i++ {
		n = name + strconv.Itoa(i)
	}
	r.imports[p.Path()] = n
	return n
}

// ownImports are the packages generated files import for their own use,
// by path, with the names the emitter writes.
var ownImports = map[string]string{"testing": "testing", CmpPath: "cmp", "runtime": "runtime", "runtime/debug": "debug",
	"reflect": "reflect", "math": "math", "os": "os", "os/exec": "exec", "errors": "errors", CmpoptsPath: "cmpopts"}

// stdSince names the standard packages the file may import that are not
// as old as Go 1, with the version that brought what the file uses of
// them: errors.Is and errors.As came with Go 1.13.
var stdSince = map[string]string{"errors": "go1.13", "slices": "go1.21", "maps": "go1.21"}

// use records a standard import under its own name, or, when another
// import has that name (a package under test named bytes or maps), "go"
// and its name, as ownNames does.
func (r *renderer) use(path string) string {
	if v, ok := stdSince[path]; ok {
		r.need(v)
	}
	if name, ok := r.imports[path]; ok {
		return name
	}
	name, ok := r.own[path]
	if !ok {
		name = defaultName(path)
		taken := map[string]bool{}
		for _, n := range r.imports {
			taken[n] = true
		}
		for base, i := name, 2; taken[name]; i++ {
			name = "go" + base
			if i > 2 {
				name += strconv.Itoa(i - 1)
			}
		}
	}
	r.imports[path] = name
	return name
}

// ownNames names the packages a generated file imports for itself, by
// path: their own names, except one the package under test already has
// (a package named cmp gets go-cmp as gocmp).
func ownNames(pkgName string) map[string]string {
	own := map[string]string{}
	for path, name := range ownImports {
		if name == pkgName {
			name = "go" + name
		}
		own[path] = name
	}
	return own
}

// isStd reports whether path is a standard library package: its first
// element has no dot, as the go command decides.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

func defaultName(path string) string {
	if i := strings.LastIndexByte(path, '/'); i >= 0 {
		path = path[i+1:]
	}
	return path
}
