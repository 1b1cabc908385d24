// Package coverage computes statement coverage of one package from a Go
// coverage profile (go test -coverprofile).
//
// The benchmark parses profiles itself instead of reading the percentage go
// test prints, so that "no profile" stays distinguishable from "0%" and all
// three measurements (human, generated, combined) count the same statements.
package coverage

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
	"strings"
)

// Block is one basic block of a profile.
type Block struct {
	File                                 string
	StartLine, StartCol, EndLine, EndCol int
	Stmts                                int
	Count                                int64
}

type blockKey struct {
	file                                 string
	startLine, startCol, endLine, endCol int
}

// Profile is a parsed coverage profile with duplicate blocks merged.
type Profile struct {
	Mode   string
	blocks map[blockKey]Block
}

// Parse reads a profile. The same block can appear more than once (several
// test binaries, or -coverpkg); its counts are summed.
func Parse(r io.Reader) (*Profile, error) {
	p := &Profile{blocks: make(map[blockKey]Block)}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if mode, ok := strings.CutPrefix(line, "mode:"); ok {
			if p.Mode != "" && p.Mode != strings.TrimSpace(mode) {
				return nil, fmt.Errorf("line %d: mode %q after mode %q", n, strings.TrimSpace(mode), p.Mode)
			}
			p.Mode = strings.TrimSpace(mode)
			continue
		}
		b, err := parseBlock(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		k := blockKey{b.File, b.StartLine, b.StartCol, b.EndLine, b.EndCol}
		if old, ok := p.blocks[k]; ok {
			b.Count += old.Count
		}
		p.blocks[k] = b
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if p.Mode == "" {
		return nil, fmt.Errorf("no mode line: not a coverage profile")
	}
	return p, nil
}

// ParseFile reads the profile at file.
func ParseFile(file string) (*Profile, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p, err := Parse(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return p, nil
}

// parseBlock parses "file:startLine.startCol,endLine.endCol numStmt count".
// The file name may itself contain colons, so split at the last one.
func parseBlock(line string) (Block, error) {
	colon := strings.LastIndexByte(line, ':')
	if colon < 0 {
		return Block{}, fmt.Errorf("malformed block %q", line)
	}
	b := Block{File: line[:colon]}
	var rest [3]string
	fields := strings.Fields(line[colon+1:])
	if len(fields) != 3 {
		return Block{}, fmt.Errorf("malformed block %q", line)
	}
	copy(rest[:], fields)
	start, end, ok := strings.Cut(rest[0], ",")
	if !ok {
		return Block{}, fmt.Errorf("malformed range in %q", line)
	}
	var err error
	if b.StartLine, b.StartCol, err = position(start); err != nil {
		return Block{}, fmt.Errorf("%q: %w", line, err)
	}
	if b.EndLine, b.EndCol, err = position(end); err != nil {
		return Block{}, fmt.Errorf("%q: %w", line, err)
	}
	if b.Stmts, err = strconv.Atoi(rest[1]); err != nil {
		return Block{}, fmt.Errorf("%q: statements: %w", line, err)
	}
	if b.Count, err = strconv.ParseInt(rest[2], 10, 64); err != nil {
		return Block{}, fmt.Errorf("%q: count: %w", line, err)
	}
	return b, nil
}

func position(s string) (line, col int, err error) {
	l, c, ok := strings.Cut(s, ".")
	if !ok {
		return 0, 0, fmt.Errorf("malformed position %q", s)
	}
	if line, err = strconv.Atoi(l); err != nil {
		return 0, 0, err
	}
	if col, err = strconv.Atoi(c); err != nil {
		return 0, 0, err
	}
	return line, col, nil
}

// Statements counts the statements of package pkgPath in the profile and how
// many of them ran. Only files directly in the package count: blocks of
// other packages (pulled in by -coverpkg patterns) are ignored.
func (p *Profile) Statements(pkgPath string) (covered, total int) {
	for _, b := range p.blocks {
		if path.Dir(b.File) != pkgPath {
			continue
		}
		total += b.Stmts
		if b.Count > 0 {
			covered += b.Stmts
		}
	}
	return covered, total
}

// Percent is the statement coverage of pkgPath in percent. ok is false when
// the profile holds no statement of the package, since a percentage of
// nothing is not a measurement.
func (p *Profile) Percent(pkgPath string) (pct float64, ok bool) {
	covered, total := p.Statements(pkgPath)
	if total == 0 {
		return 0, false
	}
	return 100 * float64(covered) / float64(total), true
}
