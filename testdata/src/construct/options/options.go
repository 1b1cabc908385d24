package options // want package:`\) options.CheckedOption func option-of\{options.options\} options\{options.WithRetries\{target.retries=p0\}\}\noptions.DialOption interface option-of\{options.options\} options\{options.DialRetries\{target.retries=p0\} options.DialTimeout\{target.timeout=p0\}\}\noptions.Option func option-of\{options.options\} options\{options.WithDefaults\{target.timeout=1000000000\} options.WithInsecure\{target.tls=\? target.tls.insecure=true\} options.WithName\{target.name=p0,p1\} options.WithTag\{target.tags\+=p0\} options.WithTimeout\{target.timeout=p0\}\}\noptions.Server struct lit\{\} ctors\{options.New\{result.opts=\?\}\}\}$`
// This package holds expectations for functional options.

import (
	"errors"
	"time"
)

type options struct {
	timeout time.Duration
	retries int
	name    string
	tls     *tlsOptions
	tags    []string
}

type tlsOptions struct{ insecure bool }

// Option configures a server.
type Option func(*options)

// WithTimeout writes a field from its parameter.
func WithTimeout(d time.Duration) Option {
	return func(o *options) { o.timeout = d }
}

// WithInsecure writes a nested field and a constant.
func WithInsecure() Option {
	return func(o *options) {
		o.tls = &tlsOptions{}
		o.tls.insecure = true
	}
}

// WithName calls a helper method on the options.
func WithName(first, last string) Option {
	return func(o *options) { o.setName(first + " " + last) }
}

func (o *options) setName(n string) { o.name = n }

// WithTag appends.
func WithTag(tag string) Option {
	return func(o *options) { o.tags = append(o.tags, tag) }
}

// WithDefaults returns another option.
func WithDefaults() Option { return WithTimeout(time.Second) }

// New consumes options.
func New(opts ...Option) *Server { // want New:`^options.go:51\{len\(p0\)>_\}$`
	o := &options{}
	for _, f := range opts {
		f(o)
	}
	return &Server{opts: *o}
}

type Server struct{ opts options }

// CheckedOption options return an error.
type CheckedOption func(*options) error

// WithRetries validates its parameter.
func WithRetries(n int) CheckedOption { // want WithRetries:`^options.go:67@options.WithRetries\$1\{p0<0\}$`
	return func(o *options) error {
		if n < 0 {
			return errors.New("negative")
		}
		o.retries = n
		return nil
	}
}

// DialOption is an interface option, implemented by a type converted from
// the parameter and by a struct wrapping a function.
type DialOption interface{ apply(*options) }

type timeoutOption time.Duration

func (t timeoutOption) apply(o *options) { o.timeout = time.Duration(t) }

// DialTimeout converts its parameter to an option.
func DialTimeout(d time.Duration) DialOption { return timeoutOption(d) }

type funcOption struct{ f func(*options) }

func (f *funcOption) apply(o *options) { f.f(o) }

func newFuncOption(f func(*options)) *funcOption { return &funcOption{f: f} }

// DialRetries wraps a function literal in a struct.
func DialRetries(n int) DialOption {
	return newFuncOption(func(o *options) { o.retries = n })
}
