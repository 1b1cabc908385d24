package maporderdefault

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"strings"
)

// The classes below are text made of a map's entries, each entry
// carrying its key beside its value, and read back by a program as a set
// of entries: a W3C baggage header (otel's Baggage.String), the tags line
// an event handler script reads (serf), the parts of a multipart request
// the server reads by name (gqlgen). The check cannot tell such a wire
// format from the same k=v text for people, and takes the conservative
// side: entries that carry their key are not reported when their order
// reaches output, unless they are messages (words around the key). A
// list of bare keys, or of messages, reaching output stays reported.

type member struct {
	key, value string
}

func memberOf(k, v string) member { return member{key: k, value: v} }

func (m member) String() string { return m.key + "=" + m.value }

// Baggage is a set of members.
type Baggage struct {
	list map[string]string
}

// String encodes the members as a header value.
func (b Baggage) String() string {
	members := make([]string, 0, len(b.list))
	for k, v := range b.list {
		members = append(members, memberOf(k, v).String())
	}
	return strings.Join(members, ",")
}

// Keys lists the members' keys for a person to read: bare keys whose
// order reaches output.
func (b Baggage) Keys() string {
	keys := make([]string, 0, len(b.list))
	for k := range b.list { // want `slice built in map iteration order reaches output at strings.Join`
		keys = append(keys, k)
	}
	return "keys: " + strings.Join(keys, ", ")
}

// Event is what a handler script is told about a member.
type Event struct {
	Name string
	Tags map[string]string
}

// WriteEvent sends the event as one line, the tags as tag1=v1,tag2=v2.
func WriteEvent(w io.Writer, e Event) error {
	var pairs []string
	for name, value := range e.Tags {
		pairs = append(pairs, fmt.Sprintf("%s=%s", name, value))
	}
	_, err := fmt.Fprintf(w, "%s\t%s\n", e.Name, strings.Join(pairs, ","))
	return err
}

// CheckEvent writes a line per unknown tag: messages with words around
// the key, whose order a person reads.
func CheckEvent(w io.Writer, e Event) error {
	var problems []string
	for name := range e.Tags { // want `slice built in map iteration order reaches output at strings.Join`
		problems = append(problems, fmt.Sprintf("unknown tag %q on member", name))
	}
	_, err := fmt.Fprintln(w, strings.Join(problems, "; "))
	return err
}

type filePart struct {
	field string
	data  []byte
}

// Upload writes the files of a request as parts named by their variable,
// which the server reads by name.
func Upload(vars map[string][]byte) *bytes.Buffer {
	var parts []*filePart
	for name, data := range vars {
		parts = append(parts, &filePart{field: "variables." + name, data: data})
	}
	body := &bytes.Buffer{}
	mw := multipart.NewWriter(body)
	for i, p := range parts {
		fw, _ := mw.CreateFormField(fmt.Sprint(i))
		fw.Write(p.data)
		mw.WriteField(fmt.Sprint(i)+".name", p.field)
	}
	mw.Close()
	return body
}

// findParts collects the file parts of a request, each named by its
// variable, for a caller to write: the slice leaves the function that
// built it (gqlgen's findFiles).
func findParts(vars map[string][]byte) []*filePart {
	var parts []*filePart
	for name, data := range vars {
		parts = append(parts, &filePart{field: "variables." + name, data: data})
	}
	return parts
}

// UploadFound writes the parts findParts collected, which the server
// reads by name: keyed entries whose order reaches output in the caller,
// not reported, as in Upload.
func UploadFound(vars map[string][]byte) *bytes.Buffer {
	body := &bytes.Buffer{}
	mw := multipart.NewWriter(body)
	for i, p := range findParts(vars) {
		fw, _ := mw.CreateFormField(fmt.Sprint(i))
		fw.Write(p.data)
		mw.WriteField(fmt.Sprint(i)+".name", p.field)
	}
	mw.Close()
	return body
}

// EnumValue is an exported definition, listed by an API.
type EnumValue struct {
	Name  string
	Value any
}

// enumValues defines the values in map order, each named by its key:
// entries of an exported struct, which users print and compare whole.
func enumValues(config map[string]any) []*EnumValue {
	var values []*EnumValue
	for name, v := range config { // want `slice built in map iteration order is returned at entries.go:\d+ and reaches output at fmt.Fprintln`
		values = append(values, &EnumValue{Name: name, Value: v})
	}
	return values
}

// PrintEnum prints the values enumValues defined: reported.
func PrintEnum(w io.Writer, config map[string]any) {
	fmt.Fprintln(w, enumValues(config))
}

// tagNames collects bare names, no entries.
func tagNames(tags map[string]string) []string {
	var names []string
	for name := range tags { // want `slice built in map iteration order is returned at entries.go:\d+ and reaches output at strings.Join`
		names = append(names, name)
	}
	return names
}

// PrintTags prints the names tagNames collected: reported.
func PrintTags(w io.Writer, tags map[string]string) {
	fmt.Fprintln(w, strings.Join(tagNames(tags), ","))
}
