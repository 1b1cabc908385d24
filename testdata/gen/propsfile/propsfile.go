// Package propsfile reads a properties format with sections, comments,
// escapes and continuation lines:
//
//	# comment
//	[section]
//	key = value \
//	      continued
//	path = a\tb\u0041
//
// A file gentest must write as text the parser accepts, then look up.
package propsfile

import (
	"fmt"
	"strconv"
	"strings"
)

// Props are the properties of a file, by "section.key" (or "key" before
// any section).
type Props struct {
	vals  map[string]string
	order []string
}

// LineError is a parse error on a line of the file.
type LineError struct {
	Line int
	Msg  string
}

func (e *LineError) Error() string { return fmt.Sprintf("propsfile: line %d: %s", e.Line, e.Msg) }

// Parse parses the text of a file.
func Parse(text string) (*Props, error) {
	p := &Props{vals: map[string]string{}}
	section := ""
	lines := strings.Split(text, "\n")
	for n := 0; n < len(lines); n++ {
		line := strings.TrimSpace(lines[n])
		// A value ending in an unescaped backslash continues on the next line.
		for strings.HasSuffix(line, "\\") && !strings.HasSuffix(line, "\\\\") {
			if n+1 >= len(lines) {
				return nil, &LineError{n + 1, "continuation at end of file"}
			}
			n++
			line = line[:len(line)-1] + strings.TrimSpace(lines[n])
		}
		switch {
		case line == "" || line[0] == '#' || line[0] == ';':
			continue
		case line[0] == '[':
			if !strings.HasSuffix(line, "]") || len(line) < 3 {
				return nil, &LineError{n + 1, "bad section header"}
			}
			section = strings.TrimSpace(line[1 : len(line)-1])
			continue
		}
		eq := strings.IndexAny(line, "=:")
		if eq <= 0 {
			return nil, &LineError{n + 1, "missing ="}
		}
		key := strings.TrimSpace(line[:eq])
		val, err := unescape(strings.TrimSpace(line[eq+1:]))
		if err != nil {
			return nil, &LineError{n + 1, err.Error()}
		}
		if section != "" {
			key = section + "." + key
		}
		if _, dup := p.vals[key]; !dup {
			p.order = append(p.order, key)
		}
		p.vals[key] = val
	}
	return p, nil
}

// unescape decodes \t, \n, \\, \= and \uXXXX.
func unescape(s string) (string, error) {
	if !strings.Contains(s, "\\") {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		if i+1 >= len(s) {
			return "", fmt.Errorf("trailing backslash")
		}
		i++
		switch s[i] {
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case '\\', '=', ':':
			b.WriteByte(s[i])
		case 'u':
			if i+5 > len(s) {
				return "", fmt.Errorf("short \\u escape")
			}
			r, err := strconv.ParseUint(s[i+1:i+5], 16, 16)
			if err != nil {
				return "", fmt.Errorf("bad \\u escape: %w", err)
			}
			b.WriteRune(rune(r))
			i += 4
		default:
			return "", fmt.Errorf("unknown escape \\%c", s[i])
		}
	}
	return b.String(), nil
}

// Get returns the value of key ("section.key") and whether it is set.
func (p *Props) Get(key string) (string, bool) {
	v, ok := p.vals[key]
	return v, ok
}

// Int returns the value of key as an integer.
func (p *Props) Int(key string) (int, error) {
	v, ok := p.vals[key]
	if !ok {
		return 0, fmt.Errorf("propsfile: %s not set", key)
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("propsfile: %s: %w", key, err)
	}
	return n, nil
}

// Bool returns the value of key as a boolean: true/yes/on or false/no/off.
func (p *Props) Bool(key string) (bool, error) {
	switch strings.ToLower(p.vals[key]) {
	case "true", "yes", "on":
		return true, nil
	case "false", "no", "off":
		return false, nil
	}
	return false, fmt.Errorf("propsfile: %s is not a boolean", key)
}

// Section returns the keys of a section, without the section's name, in
// the order they first appeared.
func (p *Props) Section(name string) []string {
	var out []string
	for _, k := range p.order {
		if rest, ok := strings.CutPrefix(k, name+"."); ok {
			out = append(out, rest)
		}
	}
	return out
}

// Len returns the number of properties.
func (p *Props) Len() int { return len(p.order) }
