// Package templang is a small template language rendered with map data:
// {{name}} substitutes a value, {{if name}}..{{else}}..{{end}} tests one,
// {{range name}}..{{end}} repeats its body for each element of a list,
// with {{.}} the element. A template gentest must write as a sentence the
// parser accepts, then render with data that has the names it uses.
package templang

import (
	"fmt"
	"strings"
)

// node is a piece of a template.
type node struct {
	kind  string // "text", "var", "dot", "if", "range"
	text  string
	body  []node
	else_ []node
}

// Template is a parsed template.
type Template struct{ nodes []node }

// Error is a parse error at an offset of the template.
type Error struct {
	Offset int
	Msg    string
}

func (e *Error) Error() string { return fmt.Sprintf("templang: %s at offset %d", e.Msg, e.Offset) }

// Parse parses src.
func Parse(src string) (*Template, error) {
	nodes, end, _, err := parseList(src, 0, false)
	if err != nil {
		return nil, err
	}
	if end != len(src) {
		return nil, &Error{end, "unexpected {{end}}"}
	}
	return &Template{nodes}, nil
}

// parseList parses nodes from src[i:] up to an {{end}} or {{else}} when
// nested, returning the nodes, the offset after the closing action and
// which action closed the list.
func parseList(src string, i int, nested bool) ([]node, int, string, error) {
	var out []node
	for i < len(src) {
		j := strings.Index(src[i:], "{{")
		if j < 0 {
			out = append(out, node{kind: "text", text: src[i:]})
			return out, len(src), "", nil
		}
		if j > 0 {
			out = append(out, node{kind: "text", text: src[i : i+j]})
		}
		start := i + j
		k := strings.Index(src[start:], "}}")
		if k < 0 {
			return nil, 0, "", &Error{start, "unclosed action"}
		}
		action := strings.TrimSpace(src[start+2 : start+k])
		i = start + k + 2
		words := strings.Fields(action)
		switch {
		case action == "end" || action == "else":
			if !nested {
				return nil, 0, "", &Error{start, "unexpected {{" + action + "}}"}
			}
			return out, i, action, nil
		case action == ".":
			out = append(out, node{kind: "dot"})
		case len(words) == 2 && (words[0] == "if" || words[0] == "range"):
			body, n, closer, err := parseList(src, i, true)
			if err != nil {
				return nil, 0, "", err
			}
			nd := node{kind: words[0], text: words[1], body: body}
			if closer == "else" {
				if words[0] != "if" {
					return nil, 0, "", &Error{n, "else in range"}
				}
				nd.else_, n, closer, err = parseList(src, n, true)
				if err != nil {
					return nil, 0, "", err
				}
			}
			if closer != "end" {
				return nil, 0, "", &Error{n, "missing {{end}}"}
			}
			out = append(out, nd)
			i = n
		case len(words) == 1 && isIdent(action):
			out = append(out, node{kind: "var", text: action})
		default:
			return nil, 0, "", &Error{start, fmt.Sprintf("bad action %q", action)}
		}
	}
	if nested {
		return nil, 0, "", &Error{len(src), "missing {{end}}"}
	}
	return out, i, "", nil
}

func isIdent(s string) bool {
	for i, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// Render renders t with data: a missing name is an error, a string or
// a list of strings substitutes as itself (a list joined by commas).
func (t *Template) Render(data map[string][]string) (string, error) {
	var b strings.Builder
	if err := render(&b, t.nodes, data, ""); err != nil {
		return "", err
	}
	return b.String(), nil
}

func render(b *strings.Builder, nodes []node, data map[string][]string, dot string) error {
	for _, n := range nodes {
		switch n.kind {
		case "text":
			b.WriteString(n.text)
		case "dot":
			if dot == "" {
				return fmt.Errorf("templang: {{.}} outside range")
			}
			b.WriteString(dot)
		case "var":
			v, ok := data[n.text]
			if !ok {
				return fmt.Errorf("templang: no value for %q", n.text)
			}
			b.WriteString(strings.Join(v, ","))
		case "if":
			body := n.else_
			if len(data[n.text]) > 0 {
				body = n.body
			}
			if err := render(b, body, data, dot); err != nil {
				return err
			}
		case "range":
			for _, el := range data[n.text] {
				if err := render(b, n.body, data, el); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// Names returns the names t reads, in order of first use.
func (t *Template) Names() []string {
	var out []string
	seen := map[string]bool{}
	var walk func(ns []node)
	walk = func(ns []node) {
		for _, n := range ns {
			if n.kind != "text" && n.kind != "dot" && !seen[n.text] {
				seen[n.text] = true
				out = append(out, n.text)
			}
			walk(n.body)
			walk(n.else_)
		}
	}
	walk(t.nodes)
	return out
}
