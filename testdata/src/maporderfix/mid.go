//go:build go1.22

package maporderfix

// Mid is compiled as go1.22: slices.Sort, but no maps.Keys iterator.
type Mid struct{ levels map[string]Level }

// Levels lists the levels.
func (m *Mid) Levels() []Level {
	var out []Level
	for _, l := range m.levels { // want "a listing of exported Levels"
		out = append(out, l)
	}
	return out
}

// List has no fix before go1.23.
func (m *Mid) List() []Entry {
	var out []Entry
	for name, l := range m.levels { // want "a listing of exported List"
		out = append(out, Entry{Name: name, Size: int(l)})
	}
	return out
}
