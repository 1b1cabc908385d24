package builder // want package:`\) builder.Options struct lit\{Verbose:bool Level:int\} setters\{\(builder.Options\).WithLevel\{result.Level=p0\}:copy\}\nbuilder.Request struct lit\{\} setters\{\(\*builder.Request\).Body\{recv.body\+=p0\}:recv \(\*builder.Request\).Header\{recv.headers=\? recv.headers\[\]=p0,p1\}:recv \(\*builder.Request\).Method\{recv.method=p0\}:recv \(\*builder.Request\).Reset\{recv.body=nil recv.method="GET"\} \(\*builder.Request\).SetRetries\{recv.retry=\? recv.retry.Max=p0\} builder.Configure\{p0.method=p1\}\}\nbuilder.Retry struct lit\{Max:int\}\nbuilder.Server struct lit\{\} ctors\{\(\*builder.ServerBuilder\).Build\{result.name=recv result.port=recv\}\}\nbuilder.ServerBuilder struct lit\{\} ctors\{builder.NewServerBuilder\{result.port=80\}\} setters\{\(\*builder.ServerBuilder\).Port\{recv.port=p0\}:recv\}\}$`
// This package holds expectations for builders and setters.

// Request is built by a chainable builder.
type Request struct {
	method  string
	headers map[string]string
	body    []byte
	retry   *Retry
}

type Retry struct{ Max int }

// Builder methods return their receiver.
func (r *Request) Method(m string) *Request {
	r.method = m
	return r
}

func (r *Request) Header(k, v string) *Request { // want Header:`^builder.go:21\{recv.headers==nil\}$`
	if r.headers == nil {
		r.headers = make(map[string]string)
	}
	r.headers[k] = v
	return r
}

func (r *Request) Body(b []byte) *Request {
	r.body = append(r.body, b...)
	return r
}

// SetRetries is a setter through a helper and a nested field.
func (r *Request) SetRetries(n int) { r.ensureRetry().Max = n } // want SetRetries:`^builder.go:37@\(\*builder.Request\).ensureRetry\{recv.retry==nil\}$`

func (r *Request) ensureRetry() *Retry {
	if r.retry == nil {
		r.retry = &Retry{}
	}
	return r.retry
}

// Reset writes constants.
func (r *Request) Reset() {
	r.method = "GET"
	r.body = nil
}

// GetMethod reads only: not a setter.
func (r *Request) GetMethod() string { return r.method }

// Options is a value type with copy builders.
type Options struct {
	Verbose bool
	Level   int
}

func (o Options) WithLevel(l int) Options {
	o.Level = l
	return o
}

// Configure is a function writing a parameter's fields.
func Configure(r *Request, m string) { r.method = m }

// ServerBuilder builds a Server: Build is a constructor of Server whose
// fields come from the builder's receiver.
type ServerBuilder struct {
	port int
	name string
}

func NewServerBuilder() *ServerBuilder { return &ServerBuilder{port: 80} }

func (b *ServerBuilder) Port(p int) *ServerBuilder {
	b.port = p
	return b
}

func (b *ServerBuilder) Build() (*Server, error) {
	return &Server{port: b.port, name: b.name}, nil
}

type Server struct {
	port int
	name string
}
