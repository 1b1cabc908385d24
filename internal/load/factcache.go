package load

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"reflect"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"
)

// FactCache keeps the facts of dependency packages on disk, so that the
// standard library's and other dependencies' facts are computed once per
// machine, as go vet keeps facts in the build cache. An entry belongs to one package and is keyed by
// Salt, the package path, the names and contents of its compiled files and
// its imports' keys: a change in any dependency changes every key above
// it. The roots of an analysis are always analyzed (their results are
// needed, and they are usually the code being edited).
type FactCache struct {
	// Dir holds the entries; "" disables the cache.
	Dir string
	// Salt distinguishes what else the facts depend on: gentest's own
	// version (its analyzers), the Go version, analyzer flags.
	Salt string
}

// factEntry is one fact of a cached package: analyzer, index of the fact
// type in its FactTypes, object path ("" for the package fact), and
// whether the fact has a value. The values follow the factFile in the same
// gob stream, one per entry with Value set, in order: one stream per entry
// compiles each fact type's decoder once, where a stream per fact compiled
// it for every fact (most of a warm run's fact reading).
type factEntry struct {
	Analyzer string
	Type     int
	Object   string
	Value    bool
}

type factFile struct {
	Package string
	Facts   []factEntry
}

// keys computes each package's cache key, imports first. A package whose
// files cannot be read gets no key (and is never cached).
func (c *FactCache) keys(all []*packages.Package) map[*packages.Package]string {
	keys := map[*packages.Package]string{}
	for _, p := range all { // postorder: imports have their keys
		h := sha256.New()
		fmt.Fprintf(h, "gentest facts v2\x00%s\x00%s\x00", c.Salt, p.PkgPath)
		ok := true
		files := append([]string{}, p.CompiledGoFiles...)
		sort.Strings(files)
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				ok = false
				break
			}
			fmt.Fprintf(h, "file %s %d\x00", filepath.Base(f), len(data))
			h.Write(data)
		}
		paths := make([]string, 0, len(p.Imports))
		for path := range p.Imports {
			paths = append(paths, path)
		}
		sort.Strings(paths)
		for _, path := range paths {
			k, has := keys[p.Imports[path]]
			if !has {
				ok = false
				break
			}
			fmt.Fprintf(h, "import %s %s\x00", path, k)
		}
		if ok {
			keys[p] = hex.EncodeToString(h.Sum(nil))
		}
	}
	return keys
}

// has reports whether the cache has an entry under key.
func (c *FactCache) has(key string) bool {
	_, err := os.Stat(c.path(key))
	return err == nil
}

func (c *FactCache) path(key string) string {
	return filepath.Join(c.Dir, key[:2], key)
}

// encode turns the facts p exported into a cache entry. ok is false when a
// fact cannot be stored (an object without a path from the package scope,
// a fact gob cannot encode): the package is then not cached, so that a
// cached run sees exactly the facts of an uncached one.
func encodeFacts(p *packages.Package, analyzers []*analysis.Analyzer, own []ownFact) (data []byte, ok bool) {
	index := map[*analysis.Analyzer]bool{}
	for _, a := range analyzers {
		index[a] = true
	}
	var enc objectpath.Encoder
	f := factFile{Package: p.PkgPath}
	values := map[*factEntry]analysis.Fact{}
	entries := make([]*factEntry, 0, len(own))
	for _, of := range own {
		ti := factTypeIndex(of.a, of.fact)
		if ti < 0 || !index[of.a] {
			return nil, false
		}
		e := factEntry{Analyzer: of.a.Name, Type: ti}
		if of.obj != nil {
			path, err := enc.For(of.obj)
			if err != nil {
				return nil, false
			}
			e.Object = string(path)
		}
		e.Value = reflect.TypeOf(of.fact).Elem().Size() > 0
		entries = append(entries, &e)
		values[&e] = of.fact
	}
	sort.Slice(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		if a.Analyzer != b.Analyzer {
			return a.Analyzer < b.Analyzer
		}
		if a.Object != b.Object {
			return a.Object < b.Object
		}
		return a.Type < b.Type
	})
	for _, e := range entries {
		f.Facts = append(f.Facts, *e)
	}
	var buf bytes.Buffer
	genc := gob.NewEncoder(&buf)
	if err := genc.Encode(f); err != nil {
		return nil, false
	}
	for _, e := range entries {
		if e.Value {
			if err := genc.Encode(values[e]); err != nil {
				return nil, false
			}
		}
	}
	return buf.Bytes(), true
}

// decodeFacts reads a cache entry back against p's types. Any mismatch
// (an unknown analyzer or object, a fact that does not decode) fails the
// whole entry, except, with partial, an object missing from p's types:
// types from export data hold only what importers reach of a package
// they do not import directly, and a fact about an object nobody can
// reach is one nobody can ask for.
func decodeFacts(p *packages.Package, analyzers []*analysis.Analyzer, data []byte, partial bool) ([]ownFact, error) {
	var f factFile
	dec := gob.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&f); err != nil {
		return nil, err
	}
	if f.Package != p.PkgPath {
		return nil, fmt.Errorf("entry of %s, not %s", f.Package, p.PkgPath)
	}
	byName := map[string]*analysis.Analyzer{}
	for _, a := range analyzers {
		byName[a.Name] = a
	}
	out := make([]ownFact, 0, len(f.Facts))
	for _, e := range f.Facts {
		a := byName[e.Analyzer]
		if a == nil || e.Type < 0 || e.Type >= len(a.FactTypes) {
			return nil, fmt.Errorf("unknown fact %s/%d", e.Analyzer, e.Type)
		}
		fact := reflect.New(reflect.TypeOf(a.FactTypes[e.Type]).Elem()).Interface().(analysis.Fact)
		if e.Value {
			if err := dec.Decode(fact); err != nil {
				return nil, fmt.Errorf("fact %s/%d of %q: %w", e.Analyzer, e.Type, e.Object, err)
			}
		}
		of := ownFact{a: a, fact: fact}
		if e.Object != "" {
			obj, err := objectpath.Object(p.Types, objectpath.Path(e.Object))
			if err != nil {
				if partial {
					continue
				}
				return nil, err
			}
			of.obj = obj
		}
		out = append(out, of)
	}
	return out, nil
}

func factTypeIndex(a *analysis.Analyzer, fact analysis.Fact) int {
	t := reflect.TypeOf(fact)
	for i, ft := range a.FactTypes {
		if reflect.TypeOf(ft) == t {
			return i
		}
	}
	return -1
}

// read returns the cached facts of p, or ok == false.
func (c *FactCache) read(p *packages.Package, key string, analyzers []*analysis.Analyzer, partial bool) ([]ownFact, bool) {
	data, err := os.ReadFile(c.path(key))
	if err != nil {
		return nil, false
	}
	facts, err := decodeFacts(p, analyzers, data, partial)
	if err != nil {
		return nil, false
	}
	return facts, true
}

// write stores data as p's entry, atomically; failures only cost the
// next run the analysis.
func (c *FactCache) write(key string, data []byte) {
	path := c.path(key)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), key+".tmp*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr != nil || cerr != nil {
		os.Remove(tmp.Name())
		return
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
	}
}

// ownFact is a fact a package exported: about obj, or about the package
// when obj is nil.
type ownFact struct {
	a    *analysis.Analyzer
	obj  types.Object
	fact analysis.Fact
}
