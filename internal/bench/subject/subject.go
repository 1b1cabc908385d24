// Package subject parses gentest-bench subject files: the list of packages the
// benchmark measures.
//
// A subject file has one package per line, either
//
//	<module>@<version> <package dir relative to the module root>
//	std <import path>
//
// Blank lines and everything after a '#' are ignored.
package subject

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path"
	"strings"
)

// Subject is one package to benchmark.
type Subject struct {
	// Std reports whether the package comes from the standard library.
	Std bool
	// Module and Version name the module (empty for std).
	Module, Version string
	// Dir is the package directory relative to the module root, in slash form
	// ("." for the root package). For std it is the import path.
	Dir string
	// Line is the 1-based line of the subject file, for error messages.
	Line int
}

// Name is the short label of the subject: "std" or module@version.
func (s Subject) Name() string {
	if s.Std {
		return "std"
	}
	return s.Module + "@" + s.Version
}

// ImportPath is the package's import path in its original module.
func (s Subject) ImportPath() string {
	if s.Std {
		return s.Dir
	}
	return path.Join(s.Module, s.Dir)
}

// String is the subject as written in a subject file.
func (s Subject) String() string {
	return s.Name() + " " + s.Dir
}

// Parse reads a subject file. name is used in error messages only.
func Parse(r io.Reader, name string) ([]Subject, error) {
	var subjects []Subject
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		s, err := parseFields(fields)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		s.Line = n
		subjects = append(subjects, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading %s: %w", name, err)
	}
	return subjects, nil
}

// ParseFile reads the subject file at path.
func ParseFile(file string) ([]Subject, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(f, file)
}

// ParseOne reads one subject given on a command line: a subject file's
// line ("std container/ring", "github.com/google/uuid@v1.6.0 .") or the
// same with a colon for the space ("std:container/ring",
// "github.com/google/uuid@v1.6.0:."), the form bench/scripts/fzgen-compare.sh
// takes, which needs no quoting.
func ParseOne(arg string) (Subject, error) {
	fields := strings.Fields(arg)
	if len(fields) == 1 {
		if first, dir, ok := strings.Cut(arg, ":"); ok {
			fields = []string{first, dir}
		}
	}
	s, err := parseFields(fields)
	if err != nil {
		return Subject{}, fmt.Errorf("subject %q: %w", arg, err)
	}
	return s, nil
}

func parseFields(fields []string) (Subject, error) {
	if len(fields) != 2 {
		return Subject{}, fmt.Errorf("want 2 fields (\"<module>@<version> <dir>\" or \"std <import path>\"), got %d", len(fields))
	}
	first, dir := fields[0], fields[1]
	if first == "std" {
		if dir == "." || path.IsAbs(dir) || path.Clean(dir) != dir || strings.Contains(dir, "@") {
			return Subject{}, fmt.Errorf("bad std import path %q", dir)
		}
		return Subject{Std: true, Dir: dir}, nil
	}
	mod, ver, ok := strings.Cut(first, "@")
	if !ok || mod == "" || ver == "" {
		return Subject{}, fmt.Errorf("want <module>@<version>, got %q", first)
	}
	// The directory is joined to a scratch copy of the module, so it must
	// stay inside it.
	if path.IsAbs(dir) || path.Clean(dir) != dir || dir == ".." || strings.HasPrefix(dir, "../") {
		return Subject{}, fmt.Errorf("package dir %q must be a clean path inside the module", dir)
	}
	return Subject{Module: mod, Version: ver, Dir: dir}, nil
}
