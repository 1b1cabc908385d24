package write

// The stamp: what a generated file was generated from, recorded in its
// header so that gentest check can tell a file whose package changed under
// it from one that is current, and which functions changed.

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Stamp is what a generated file records of its generation.
type Stamp struct {
	// Source is the hash of the package's non-test sources: their base
	// names and contents, in name order.
	Source string
	// Funcs are short hashes of each function and method of those
	// sources (name and text), sorted: a function whose hash is not
	// among them is new or changed since the file was generated.
	Funcs []string
	// Version is gentest's module version ("(devel)" for a build from a
	// working tree); Seed, Budget and Run the generation's -seed, its
	// bound (-budget or -execs, as given) and -run ("" for all).
	Version, Budget, Run string
	Seed                 int64
}

// The stamp's comment lines. They follow the generated-code header, so
// that they are neither a build constraint nor the package's doc.
const (
	stampPrefix = "// gentest:stamp "
	funcsPrefix = "// gentest:funcs "
	// funcHashLen is the hex digits kept of a function's hash: 32 bits,
	// enough to notice a change to one of a package's functions.
	funcHashLen  = 8
	funcsPerLine = 8
)

// SourceStamp hashes the package sources files (absolute paths): the
// Source and Funcs of a Stamp. A file that does not parse is hashed whole
// and contributes no functions.
func SourceStamp(files []string) (Stamp, error) {
	files = slices.Clone(files)
	slices.SortFunc(files, func(a, b string) int { return strings.Compare(filepath.Base(a), filepath.Base(b)) })
	h := sha256.New()
	var funcs []string
	fset := token.NewFileSet()
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return Stamp{}, fmt.Errorf("write: stamping %s: %w", name, err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", filepath.Base(name), len(src))
		h.Write(src)
		for key, text := range FuncSources(fset, name, src) {
			funcs = append(funcs, FuncHash(key, text))
		}
	}
	slices.Sort(funcs)
	return Stamp{Source: "sha256:" + hex.EncodeToString(h.Sum(nil))[:32], Funcs: slices.Compact(funcs)}, nil
}

// FuncSources returns each function declaration of src with its key ("F",
// "T.M" for methods of T and *T, "init#<offset>" for init functions,
// which may repeat) and its source text; nothing when src does not parse.
func FuncSources(fset *token.FileSet, name string, src []byte) map[string]string {
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	out := map[string]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		key := FuncKey(fd)
		if key == "init" {
			key = fmt.Sprintf("init#%d", fset.Position(fd.Pos()).Offset)
		}
		start, end := fset.Position(fd.Pos()).Offset, fset.Position(fd.End()).Offset
		out[key] = string(src[start:end])
	}
	return out
}

// FuncKey names a function declaration: "F", or "T.M" for a method of T or
// *T (type parameters left out).
func FuncKey(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.ParenExpr:
			t = x.X
			continue
		}
		break
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// FuncHash is the short hash SourceStamp records for a function of key
// with source text.
func FuncHash(key, text string) string {
	fh := sha256.Sum256([]byte(key + "\x00" + text))
	return hex.EncodeToString(fh[:])[:funcHashLen]
}

// Lines renders the stamp as the header's comment lines.
func (s Stamp) Lines() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%ssource=%s gentest=%s seed=%d bound=%s", stampPrefix, s.Source, field(s.Version), s.Seed, field(s.Budget))
	if s.Run != "" {
		fmt.Fprintf(&b, " run=%s", field(s.Run))
	}
	b.WriteByte('\n')
	for i := 0; i < len(s.Funcs); i += funcsPerLine {
		b.WriteString(funcsPrefix)
		b.WriteString(strings.Join(s.Funcs[i:min(i+funcsPerLine, len(s.Funcs))], " "))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// field keeps a value one space-free word: a -run regexp may hold spaces.
func field(v string) string {
	if v == "" {
		return "-"
	}
	return strings.ReplaceAll(v, " ", `\x20`)
}

func unfield(v string) string {
	if v == "-" {
		return ""
	}
	return strings.ReplaceAll(v, `\x20`, " ")
}

// WithStamp inserts the stamp's lines after src's first line (the
// generated-code header), replacing any stamp already there.
func WithStamp(src []byte, s Stamp) []byte {
	src = withoutStamp(src)
	i := bytes.IndexByte(src, '\n')
	if i < 0 {
		return src
	}
	out := make([]byte, 0, len(src)+256)
	out = append(out, src[:i+1]...)
	out = append(out, s.Lines()...)
	return append(out, src[i+1:]...)
}

// withoutStamp drops the stamp's lines.
func withoutStamp(src []byte) []byte {
	var out []byte
	for _, line := range bytes.SplitAfter(src, []byte("\n")) {
		if bytes.HasPrefix(line, []byte(stampPrefix)) || bytes.HasPrefix(line, []byte(funcsPrefix)) {
			continue
		}
		out = append(out, line...)
	}
	return out
}

// ReadStamp reads the stamp of a generated file's source; ok is false when
// it has none (a file from before stamps, or not gentest's).
func ReadStamp(src []byte) (s Stamp, ok bool) {
	for _, line := range strings.Split(string(src), "\n") {
		switch {
		case strings.HasPrefix(line, stampPrefix):
			ok = true
			for _, kv := range strings.Fields(strings.TrimPrefix(line, stampPrefix)) {
				k, v, _ := strings.Cut(kv, "=")
				switch k {
				case "source":
					s.Source = v
				case "gentest":
					s.Version = unfield(v)
				case "seed":
					fmt.Sscan(v, &s.Seed)
				case "bound":
					s.Budget = unfield(v)
				case "run":
					s.Run = unfield(v)
				}
			}
		case strings.HasPrefix(line, funcsPrefix):
			s.Funcs = append(s.Funcs, strings.Fields(strings.TrimPrefix(line, funcsPrefix))...)
		case strings.HasPrefix(line, "package "):
			return s, ok
		}
	}
	return s, ok
}
