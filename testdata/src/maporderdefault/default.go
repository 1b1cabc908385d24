// Package maporderdefault is what the map-order check reports with its
// default flags: a slice in map order is reported when its order reaches
// output (text, errors, a writer) or it is a list of messages; a listing
// an exported function returns is not, since most of its callers use it
// as a set (-purity.listings reports those too).
package maporderdefault

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Registry holds named handlers.
type Registry struct {
	handlers map[string]func() error
	sizes    map[string]int
}

// Names lists the registered names: a listing, not reported by default.
func (r *Registry) Names() []string {
	var names []string
	for name := range r.handlers {
		names = append(names, name)
	}
	return names
}

// Summary joins the names into one line of text: the order is in the
// text, so it is reported.
func (r *Registry) Summary() string {
	var names []string
	for name := range r.handlers { // want `slice built in map iteration order reaches output at strings.Join`
		names = append(names, name)
	}
	return strings.Join(names, ", ")
}

// Validate returns one message per invalid size: a list of messages.
func (r *Registry) Validate() []error {
	var errs []error
	for name, n := range r.sizes { // want `slice built in map iteration order is a list of messages returned`
		if n < 0 {
			errs = append(errs, fmt.Errorf("%s: negative size %d", name, n))
		}
	}
	return errs
}

// keys is an unexported listing; through the exported Largest it is
// still only a listing, not reported by default.
func (r *Registry) keys() []string {
	var keys []string
	for k := range r.sizes {
		keys = append(keys, k)
	}
	return keys
}

// Keys returns the keys of the sizes.
func (r *Registry) Keys() []string { return r.keys() }

// failed is unexported; its caller writes its elements as one line each
// to w, so the order reaches output through the caller.
func (r *Registry) failed() []string {
	var out []string
	for name, h := range r.handlers { // want `slice built in map iteration order is returned at .* and reaches output at fmt.Fprintf .* in Report`
		if h() != nil {
			out = append(out, name)
		}
	}
	return out
}

// Report writes the handlers that fail.
func (r *Registry) Report(w io.Writer) {
	fmt.Fprintf(w, "failed: %v\n", r.failed())
}

// Run joins the handlers' errors in map order: the joined message's
// order changes from run to run.
func (r *Registry) Run() error {
	var errs []error
	for _, h := range r.handlers { // want `slice built in map iteration order reaches output at errors.Join`
		if err := h(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
