// Package objects is a fixture of object state: its branches depend on
// exported struct fields, fields of nested pointers, slices and maps of
// structs, functional options, builder chains and package variables, the
// values a generator must build the way the API means them to be built.
package objects

import (
	"errors"
	"fmt"
	"strings"
)

// Mode is how strictly a Config is applied.
type Mode int

// Modes.
const (
	Lenient Mode = iota
	Strict
	Paranoid
)

// Inner holds the nested settings of a Config.
type Inner struct {
	Strict bool
	Level  int
}

// Config is a plain configuration struct, built with a literal.
type Config struct {
	Name    string
	Retries int
	Mode    Mode
	Inner   *Inner
	Tags    []string
}

// Validate checks a configuration.
func Validate(c Config) error {
	if c.Name == "" {
		return errors.New("objects: no name")
	}
	if c.Retries < 0 || c.Retries > 10 {
		return fmt.Errorf("objects: %d retries out of range", c.Retries)
	}
	if c.Mode == Paranoid && c.Retries == 0 {
		return errors.New("objects: paranoid mode needs retries")
	}
	return nil
}

// Level says how strict a configuration is.
func (c *Config) Level() string {
	if c.Inner != nil && c.Inner.Strict {
		if c.Inner.Level > 3 {
			return "very strict"
		}
		return "strict"
	}
	if len(c.Tags) > 1 && c.Tags[0] == "debug" {
		return "debug"
	}
	return "normal"
}

// Item is a line of an order.
type Item struct {
	SKU   string
	Count int
	Price int
}

// Order is a list of items.
type Order struct {
	Items    []Item
	Discount *Item
}

// Total sums the order, refusing empty or negative lines.
func (o Order) Total() (int, error) {
	if len(o.Items) == 0 {
		return 0, errors.New("objects: empty order")
	}
	total := 0
	for _, it := range o.Items {
		if it.Count <= 0 {
			return 0, fmt.Errorf("objects: %s: count %d", it.SKU, it.Count)
		}
		if it.SKU == "gift" {
			continue
		}
		total += it.Count * it.Price
	}
	if o.Discount != nil && o.Discount.Price > 0 && o.Discount.Price < total {
		total -= o.Discount.Price
	}
	return total, nil
}

// Catalog maps SKUs to items.
type Catalog map[string]Item

// Lookup finds an item in stock.
func Lookup(c Catalog, sku string) (Item, bool) {
	it, ok := c[sku]
	if !ok {
		return Item{}, false
	}
	if it.Count == 0 {
		return it, false
	}
	return it, true
}

// Stock counts the catalog's items of price at least min.
func Stock(c Catalog, min int) int {
	n := 0
	for _, it := range c {
		if it.Price >= min && it.Count > 0 {
			n++
		}
	}
	return n
}

// Server is configured with functional options.
type Server struct {
	addr    string
	timeout int
	tls     bool
	name    string
}

// Option configures a Server.
type Option func(*Server)

// WithTimeout sets the timeout in seconds.
func WithTimeout(s int) Option { return func(srv *Server) { srv.timeout = s } }

// WithTLS switches TLS on or off.
func WithTLS(on bool) Option { return func(srv *Server) { srv.tls = on } }

// WithName names the server.
func WithName(n string) Option { return func(srv *Server) { srv.name = n } }

// NewServer returns a server for addr with the options applied.
func NewServer(addr string, opts ...Option) *Server {
	s := &Server{addr: addr, timeout: 30}
	for _, o := range opts {
		o(s)
	}
	return s
}

// Describe says how the server is set up.
func (s *Server) Describe() string {
	var b strings.Builder
	b.WriteString(s.addr)
	if s.tls {
		b.WriteString(" tls")
	}
	if s.timeout > 60 {
		b.WriteString(" slow")
	} else if s.timeout < 5 {
		b.WriteString(" fast")
	}
	if s.name != "" {
		b.WriteString(" " + s.name)
	}
	return b.String()
}

// Builder builds a URL with a chain of setters.
type Builder struct {
	scheme, host string
	port         int
}

// NewBuilder returns an empty builder.
func NewBuilder() *Builder { return &Builder{scheme: "http"} }

// Host sets the host.
func (b *Builder) Host(h string) *Builder { b.host = h; return b }

// Port sets the port.
func (b *Builder) Port(p int) *Builder { b.port = p; return b }

// Secure switches to https.
func (b *Builder) Secure() *Builder { b.scheme = "https"; return b }

// Build returns the URL.
func (b *Builder) Build() (string, error) {
	if b.host == "" {
		return "", errors.New("objects: no host")
	}
	if b.port < 0 || b.port > 65535 {
		return "", fmt.Errorf("objects: bad port %d", b.port)
	}
	if b.port == 0 || b.scheme == "https" && b.port == 443 {
		return b.scheme + "://" + b.host, nil
	}
	return fmt.Sprintf("%s://%s:%d", b.scheme, b.host, b.port), nil
}

// Limits bound a request.
type Limits struct {
	Max   int
	Burst int
}

// Package variables of the Limits type.
var (
	DefaultLimits = Limits{Max: 100, Burst: 10}
	NoLimits      = Limits{Max: -1}
)

// Allow reports whether n requests fit the limits.
func Allow(l Limits, n int) bool {
	if l.Max < 0 {
		return true
	}
	if l.Burst > 0 && n > l.Burst && n <= l.Max {
		return false
	}
	return n <= l.Max
}
