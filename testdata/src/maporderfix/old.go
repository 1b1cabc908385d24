//go:build go1.20

package maporderfix

// Old is compiled as go1.20: no slices package, sort.Strings for strings
// and no fix for a named element type.
type Old struct {
	tags   map[string]bool
	levels map[string]Level
}

// Level is a named integer.
type Level int

// Tags lists the tags.
func (o *Old) Tags() []string {
	tags := []string{}
	for t := range o.tags { // want "a listing of exported Tags"
		tags = append(tags, t)
	}
	return tags
}

// Levels lists the levels.
func (o *Old) Levels() []Level {
	var out []Level
	for _, l := range o.levels { // want "a listing of exported Levels"
		out = append(out, l)
	}
	return out
}
