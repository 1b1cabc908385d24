package diag // want package:`types\(diag.Conn:constructor diag.Opaque:none diag.Sealed:interface diag.Token:interface\) impl\(\)`

// This package has exported functions whose parameters clients can and
// cannot obtain; run with -typedeps.unconstructible.

// Opaque has unexported state needing initialization and no producer.
type Opaque struct{ p *int }

// Conn is built by Dial.
type Conn struct{ fd *int }

// Dial is Conn's constructor.
func Dial(addr string) (*Conn, error) { return &Conn{}, nil }

type handle struct{ fd int }

// Sealed cannot be implemented outside, and nothing returns an
// implementation.
type Sealed interface{ seal() }

// Token cannot be implemented outside, but Issue returns one.
type Token interface{ token() }

type token struct{}

func (token) token() {}

// Issue returns a Token.
func Issue() Token { return token{} }

type impl struct{}

// New returns an unexported type: clients can still get one.
func New() *impl { return nil }

// Use takes an Opaque no client can build.
func Use(o Opaque) {} // want `parameter o of Use has type Opaque, which no client can obtain: its unexported fields need initialization and no exported function returns it`

// Close takes a pointer to an unexported type.
func Close(h *handle) error { return nil } // want `parameter h of Close has type \*handle, which no client can obtain: it is unexported and no exported function returns it`

// Check takes a sealed interface.
func Check(Sealed) {} // want `parameter #0 of Check has type Sealed, which no client can obtain: it has unexported methods and no exported function returns an implementation`

// Fine takes only obtainable types: no diagnostic.
func Fine(c *Conn, t Token, i *impl, more ...handle) {}

// Method of an exported type: checked like functions.
func (c *Conn) Send(o Opaque) {} // want `parameter o of Send has type Opaque`

// Method of an unexported type: clients cannot name it; not checked.
func (h *handle) Send(o Opaque) {}
