package maporderset

import (
	"errors"
	"fmt"
)

// Elements each formatted on their own: a renamer that reports one
// conflict per object through a printf-style helper.

type object struct{ name, pkg string }

type renamer struct {
	pkgs   map[string][]object
	errors []string
}

func (r *renamer) errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *renamer) fromObjects(name string) []object {
	var objs []object
	for _, list := range r.pkgs { // each element formatted alone: not reported
		for _, o := range list {
			if o.name == name {
				objs = append(objs, o)
			}
		}
	}
	return objs
}

func (r *renamer) check(name string) {
	for _, o := range r.fromObjects(name) {
		r.errorf("renaming %s in %s conflicts", o.name, o.pkg)
	}
}

func (r *renamer) fromFields(name string) []object {
	var objs []object
	for _, list := range r.pkgs { // each element checked by a method that formats it alone: not reported
		for _, o := range list {
			if o.pkg == name {
				objs = append(objs, o)
			}
		}
	}
	return objs
}

func (r *renamer) checkFields(name string) {
	for _, o := range r.fromFields(name) {
		r.checkOne(o)
	}
}

func (r *renamer) checkOne(o object) {
	if o.name != "" {
		r.errorf("field %s conflicts", o.name)
	}
}

func (r *renamer) ambiguous(name string) error {
	var objs []object
	for _, list := range r.pkgs { // want "slice built in map iteration order reaches output at fmt.Errorf"
		objs = append(objs, list...)
	}
	return fmt.Errorf("ambiguous %s: %v", name, objs)
}

// Keys beside an error, the error returned by an exported caller and the
// keys bound once each into a map: a settings loader.

type Loader struct {
	defaults map[string]any
	bound    map[string]any
}

func (l *Loader) structKeys(in map[string]any) ([]string, error) {
	if in == nil {
		return nil, errors.New("no input")
	}
	keys := make([]string, 0, len(in))
	for k := range in { // the error is returned, the keys are bound: not reported
		keys = append(keys, k)
	}
	return keys, nil
}

func (l *Loader) settings(keys []string) map[string]any {
	m := make(map[string]any, len(keys))
	for _, k := range keys {
		m[k] = l.defaults[k]
	}
	return m
}

// Unmarshal binds the keys of in.
func (l *Loader) Unmarshal(in map[string]any) error {
	keys, err := l.structKeys(in)
	if err != nil {
		return err
	}
	l.bound = l.settings(keys)
	return nil
}

// A public listing of exported structs, each carrying its key, as an RPC
// server lists its methods: reported. The same shape with an unexported
// element type is a keyed set only the package reads.

type MethodInfo struct {
	Name   string
	Stream bool
}

type ServiceInfo struct{ Methods []MethodInfo }

type Server struct{ services map[string]map[string]bool }

// GetServiceInfo returns a map from service names to ServiceInfo.
func (s *Server) GetServiceInfo() map[string]ServiceInfo {
	ret := make(map[string]ServiceInfo)
	for n, streams := range s.services {
		methods := make([]MethodInfo, 0, len(streams))
		for m, stream := range streams { // want "slice built in map iteration order is stored at .* into the result of GetServiceInfo"
			methods = append(methods, MethodInfo{Name: m, Stream: stream})
		}
		ret[n] = ServiceInfo{Methods: methods}
	}
	return ret
}

type authPair struct{ value, user string }

// Pairs returns the credentials as header values to search.
func Pairs(accounts map[string]string) []authPair {
	pairs := make([]authPair, 0, len(accounts))
	for user, password := range accounts { // the caller's map: not reported
		pairs = append(pairs, authPair{value: user + ":" + password, user: user})
	}
	return pairs
}

type Registry struct{ accounts map[string]string }

// Pairs returns the registry's credentials as header values to search.
func (r *Registry) Pairs() []authPair {
	pairs := make([]authPair, 0, len(r.accounts))
	for user, password := range r.accounts { // keyed, of an unexported type: not reported
		pairs = append(pairs, authPair{value: user + ":" + password, user: user})
	}
	return pairs
}

// A codec encoding the caller's value, a map it reaches through a type
// assertion and an accessor (pgx's hstore text encoding): the map is the
// caller's, not reported.

type PairsValuer interface {
	Pairs() (map[string]string, error)
}

type TextCodec struct{}

func (TextCodec) Encode(value any, buf []byte) ([]byte, error) {
	m, err := value.(PairsValuer).Pairs()
	if err != nil {
		return nil, err
	}
	for k, v := range m { // the caller's map: not reported
		buf = append(buf, k...)
		buf = append(buf, '=')
		buf = append(buf, v...)
		buf = append(buf, ';')
	}
	return buf, nil
}

// A session's keys: an unexported store's Keys method, returned by the
// exported Session.Keys (fiber's session middleware). A Keys method of a
// map-backed type turns the map into a slice on purpose: not reported.

type sessionData struct{ data map[string]any }

func (d *sessionData) Keys() []string {
	keys := make([]string, 0, len(d.data))
	for k := range d.data { // not reported
		keys = append(keys, k)
	}
	return keys
}

type Session struct{ d *sessionData }

func (s *Session) Keys() []string { return s.d.Keys() }

// A slice stored into a struct returned beside an error, and the pair
// returned by an exported function, as a metrics library builds an
// exemplar's label pairs: reported (the error is not the listing, the
// struct is).

type LabelPair struct{ Name, Value string }

type Exemplar struct {
	Value  float64
	Labels []*LabelPair
}

func newExemplar(v float64, labels map[string]string) (*Exemplar, error) {
	if len(labels) > 8 {
		return nil, errors.New("too many labels")
	}
	e := &Exemplar{Value: v}
	pairs := make([]*LabelPair, 0, len(labels))
	for name, value := range labels { // want "is returned by exported NewExemplar"
		pairs = append(pairs, &LabelPair{Name: name, Value: value})
	}
	e.Labels = pairs
	return e, nil
}

// NewExemplar returns an exemplar of v with the labels.
func NewExemplar(v float64, labels map[string]string) (*Exemplar, error) {
	return newExemplar(v, labels)
}

// Observe records an exemplar of v.
func Observe(v float64, labels map[string]string) (*Exemplar, error) {
	e, err := newExemplar(v, labels)
	if err != nil {
		return nil, err
	}
	return e, nil
}

// The same kept in an element of a slice the caller makes and returns
// in a struct behind an interface, as NewMetricWithExemplars keeps its
// exemplars: reported.

type sample struct{ labels []*LabelPair }

type series struct{ samples []*sample }

func newSample(labels map[string]string) (*sample, error) {
	if len(labels) == 0 {
		return nil, errors.New("no labels")
	}
	pairs := make([]*LabelPair, 0, len(labels))
	for name, value := range labels { // want "is returned by exported NewSeries"
		pairs = append(pairs, &LabelPair{Name: name, Value: value})
	}
	return &sample{labels: pairs}, nil
}

// NewSeries returns a series of one sample per label set.
func NewSeries(labelSets ...map[string]string) (any, error) {
	samples := make([]*sample, len(labelSets))
	var err error
	for i, l := range labelSets {
		samples[i], err = newSample(l)
		if err != nil {
			return nil, err
		}
	}
	return &series{samples: samples}, nil
}

// Docs that say the order is not promised: not reported.

type Versions struct{ byGroup map[string][]string }

// AllVersions returns every group's versions in their priority order.
// Groups are random, but versions for a single group are prioritized.
func (v *Versions) AllVersions() []string {
	var out []string
	for _, vs := range v.byGroup { // documented: not reported
		out = append(out, vs...)
	}
	return out
}

// Groups returns the groups, in unspecified order.
func (v *Versions) Groups() []string {
	var out []string
	for g := range v.byGroup { // documented: not reported
		out = append(out, g)
	}
	return out
}

// Preferred returns each group's preferred version.
func (v *Versions) Preferred() []string {
	var out []string
	for _, vs := range v.byGroup { // want "a listing of exported Preferred"
		if len(vs) > 0 {
			out = append(out, vs[0])
		}
	}
	return out
}
