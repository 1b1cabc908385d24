package analyzertest

// The "// want" comments are read and matched exactly as
// golang.org/x/tools/go/analysis/analysistest reads and matches them (its
// check and parseExpectations, BSD-style license, Copyright 2018 The Go
// Authors), so that a test moved from analysistest.Run to Run keeps its
// expectations and its error messages.

import (
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/scanner"

	"golang.org/x/tools/go/analysis/checker"
)

// expectation is one pattern of a "// want" comment.
type expectation struct {
	kind string // "fact" or "diagnostic"
	name string // the object a fact is about, or "package" (facts only)
	rx   *regexp.Regexp
}

// position is a line of a file, named relative to the GOPATH's src.
type position struct {
	file string
	line int
}

// checkExpectations reports through t every diagnostic and fact of the
// package of act that no "// want" comment of its files expects, and
// every expectation that nothing matched.
func checkExpectations(t Testing, gopath string, act *checker.Action) {
	want := readExpectations(t, gopath, act)

	check := func(posn token.Position, kind, name, message string) {
		posn.Filename = sanitize(gopath, posn.Filename)
		k := position{posn.Filename, posn.Line}
		expects := want[k]
		var unmatched []string
		for i, exp := range expects {
			if exp.kind == kind && exp.name == name {
				if exp.rx.MatchString(message) {
					expects[i] = expects[len(expects)-1]
					want[k] = expects[:len(expects)-1]
					return
				}
				unmatched = append(unmatched, fmt.Sprintf("%#q", exp.rx))
			}
		}
		if unmatched == nil {
			t.Errorf("%v: unexpected %s: %v", posn, kind, message)
		} else {
			t.Errorf("%v: %s %q does not match pattern %s", posn, kind, message, strings.Join(unmatched, " or "))
		}
	}

	for _, d := range act.Diagnostics {
		check(act.Package.Fset.Position(d.Pos), "diagnostic", "", d.Message)
	}
	// A package fact is expected on the first line of the first file.
	for _, f := range act.AllPackageFacts() {
		if f.Package == act.Package.Types {
			posn := act.Package.Fset.Position(act.Package.Syntax[0].Pos())
			posn.Line, posn.Column = 1, 1
			check(posn, "fact", "package", fmt.Sprint(f))
		}
	}
	// An object fact is expected on the line of the object's declaration;
	// sorted so that the errors come in the order of the source.
	objFacts := act.AllObjectFacts()
	sort.Slice(objFacts, func(i, j int) bool { return objFacts[i].Object.Pos() < objFacts[j].Object.Pos() })
	for _, f := range objFacts {
		if obj := f.Object; obj.Pkg() == act.Package.Types {
			check(act.Package.Fset.Position(obj.Pos()), "fact", obj.Name(), fmt.Sprint(f.Fact))
		}
	}

	var surplus []string
	for k, expects := range want {
		for _, exp := range expects {
			surplus = append(surplus, fmt.Sprintf("%s:%d: no %s was reported matching %#q", k.file, k.line, exp.kind, exp.rx))
		}
	}
	sort.Strings(surplus)
	for _, err := range surplus {
		t.Errorf("%s", err)
	}
}

// readExpectations returns the expectations of the "// want" comments of
// the package's Go files and other files, by the line they apply to.
func readExpectations(t Testing, gopath string, act *checker.Action) map[position][]expectation {
	want := make(map[position][]expectation)
	add := func(filename string, line int, text string) {
		text = strings.TrimSpace(text)
		// Any comment starting with "want" is an expectation, even
		// without whitespace after it.
		rest, ok := strings.CutPrefix(text, "want")
		if !ok {
			return
		}
		lineDelta, expects, err := parseExpectations(rest)
		if err != nil {
			t.Errorf("%s:%d: in 'want' comment: %s", filename, line, err)
			return
		}
		if expects != nil {
			want[position{filename, line + lineDelta}] = expects
		}
	}
	for _, f := range act.Package.Syntax {
		for _, group := range f.Comments {
			for _, c := range group.List {
				text := strings.TrimPrefix(c.Text, "//")
				if text == c.Text { // a /*-comment
					text = strings.TrimPrefix(text, "/*")
					text = strings.TrimSuffix(text, "*/")
				}
				// "//...// want..." is a want comment commented on.
				if i := strings.Index(text, "// want"); i >= 0 {
					text = text[i+len("// "):]
				}
				// The file name is computed per comment: //line
				// directives change it.
				posn := act.Package.Fset.Position(c.Pos())
				add(sanitize(gopath, posn.Filename), posn.Line, text)
			}
		}
	}
	for _, filename := range act.Package.OtherFiles {
		data, err := os.ReadFile(filename)
		if err != nil {
			t.Errorf("can't read '// want' comments from %s: %v", filename, err)
			continue
		}
		name := sanitize(gopath, filename)
		for i, line := range strings.Split(string(data), "\n") {
			if j := strings.Index(line, "// want"); j >= 0 {
				line = line[j:]
			}
			if j := strings.Index(line, "//"); j >= 0 {
				add(name, i+1, line[j+len("//"):])
			}
		}
	}
	return want
}

// parseExpectations parses the text of a "// want" comment after "want":
// a mixture of diagnostics ("rx") and facts (name:"rx"), and optionally a
// +N moving them N lines down.
func parseExpectations(text string) (lineDelta int, expects []expectation, err error) {
	var scanErr string
	sc := new(scanner.Scanner).Init(strings.NewReader(text))
	sc.Error = func(s *scanner.Scanner, msg string) { scanErr = msg } // such as a bad string escape
	sc.Mode = scanner.ScanIdents | scanner.ScanStrings | scanner.ScanRawStrings | scanner.ScanInts

	scanRegexp := func(tok rune) (*regexp.Regexp, error) {
		if tok != scanner.String && tok != scanner.RawString {
			return nil, fmt.Errorf("got %s, want regular expression", scanner.TokenString(tok))
		}
		pattern, _ := strconv.Unquote(sc.TokenText()) // cannot fail
		return regexp.Compile(pattern)
	}

	for {
		tok := sc.Scan()
		switch tok {
		case '+':
			tok = sc.Scan()
			if tok != scanner.Int {
				return 0, nil, fmt.Errorf("got +%s, want +Int", scanner.TokenString(tok))
			}
			lineDelta, _ = strconv.Atoi(sc.TokenText())
		case scanner.String, scanner.RawString:
			rx, err := scanRegexp(tok)
			if err != nil {
				return 0, nil, err
			}
			expects = append(expects, expectation{"diagnostic", "", rx})
		case scanner.Ident:
			name := sc.TokenText()
			tok = sc.Scan()
			if tok != ':' {
				return 0, nil, fmt.Errorf("got %s after %s, want ':'", scanner.TokenString(tok), name)
			}
			rx, err := scanRegexp(sc.Scan())
			if err != nil {
				return 0, nil, err
			}
			expects = append(expects, expectation{"fact", name, rx})
		case scanner.EOF:
			if scanErr != "" {
				return 0, nil, fmt.Errorf("%s", scanErr)
			}
			return lineDelta, expects, nil
		default:
			return 0, nil, fmt.Errorf("unexpected %s", scanner.TokenString(tok))
		}
	}
}

// sanitize names filename relative to gopath's src directory, with
// slashes, as the "// want" checks report positions.
func sanitize(gopath, filename string) string {
	prefix := gopath + string(os.PathSeparator) + "src" + string(os.PathSeparator)
	return filepath.ToSlash(strings.TrimPrefix(filename, prefix))
}
