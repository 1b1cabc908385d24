package maporderdefault

import "fmt"

// Finder mimics gorm's DB.Select: its query is stored, and formatted into
// an error only for a query of another type (the type switch's default)
// or for an unsupported extra argument, in the loop over its variadic
// arguments (or when some are given).
type Finder struct {
	Selects []string
	Err     error
}

func (f *Finder) Select(query any, args ...any) *Finder {
	switch v := query.(type) {
	case []string:
		f.Selects = v
		for _, arg := range args {
			switch arg := arg.(type) {
			case string:
				f.Selects = append(f.Selects, arg)
			default:
				f.Err = fmt.Errorf("unsupported select args %v %v", query, args)
				return f
			}
		}
	default:
		f.Err = fmt.Errorf("unsupported select query %v", query)
	}
	return f
}

// Omit formats its query only when given extra arguments.
func (f *Finder) Omit(query any, args ...any) *Finder {
	if len(args) > 0 {
		f.Err = fmt.Errorf("omit %v with %v", query, args)
	}
	return f
}

// SaveColumns selects the columns to save, a set, with no extra
// arguments: the error that would format them cannot be made.
func SaveColumns(f *Finder, cols map[string]bool) *Finder {
	names := []string{}
	for name := range cols {
		names = append(names, name)
	}
	return f.Select(names)
}

// OmitColumns passes no extra arguments to Omit either.
func OmitColumns(f *Finder, cols map[string]bool) *Finder {
	names := []string{}
	for name := range cols {
		names = append(names, name)
	}
	return f.Omit(names)
}

// SaveColumnsWith passes an extra argument, which may be unsupported: the
// error then shows the columns in map order.
func SaveColumnsWith(f *Finder, cols map[string]bool, extra any) *Finder {
	names := []string{}
	for name := range cols { // want `slice built in map iteration order reaches output at fmt.Errorf`
		names = append(names, name)
	}
	return f.Select(names, extra)
}

// OmitColumnsWith, the same for Omit.
func OmitColumnsWith(f *Finder, cols map[string]bool, extra ...any) *Finder {
	names := []string{}
	for name := range cols { // want `slice built in map iteration order reaches output at fmt.Errorf`
		names = append(names, name)
	}
	return f.Omit(names, extra...)
}

// Columns is a named slice type: Select's case []string does not match
// it, so its default formats the query.
type Columns []string

// SaveNamedColumns passes its columns as Columns: the error shows them in
// map order.
func SaveNamedColumns(f *Finder, cols map[string]bool) *Finder {
	names := Columns{}
	for name := range cols { // want `slice built in map iteration order reaches output at fmt.Errorf`
		names = append(names, name)
	}
	return f.Select(names)
}
