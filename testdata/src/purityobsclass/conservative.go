package purityobsclass

import (
	"encoding/base64"
	"encoding/json"
)

// The class of jwx's jwe Message.MarshalJSON (bench/vet/triage.md, sixth
// and seventh runs): an observer appends to what an exported interface
// method of its package returned, and the package's implementation has a
// Conservative summary, because it calls something the analysis cannot
// resolve (jwx: json.Marshal on a type with its own MarshalJSON; here: a
// hook the user installs). Conservative bounds the effects, not what the
// result may point into: the implementation still returns a new buffer.

// Claims is an exported interface; stdClaims, its implementation here,
// calls a user's hook before encoding, so its summary is Conservative.
type Claims interface {
	Encode() ([]byte, error)
}

type stdClaims struct {
	names  []string
	values []string
	hook   func(name string)
}

func (c *stdClaims) Encode() ([]byte, error) {
	for _, n := range c.names {
		c.hook(n)
	}
	buf, err := json.Marshal(c.values)
	if err != nil {
		return nil, err
	}
	return []byte(base64.RawURLEncoding.EncodeToString(buf)), nil
}

// Token appends a separator to the new buffer its claims' Encode
// returned: nothing of the Token is written.
type Token struct {
	Claims    Claims
	Signature string
}

func (t *Token) MarshalJSON() ([]byte, error) {
	enc, err := t.Claims.Encode()
	if err != nil {
		return nil, err
	}
	enc = append(enc, '.')
	enc = append(enc, t.Signature...)
	return json.Marshal(string(enc))
}

// Payload is an exported interface whose implementation here is
// Conservative too (it calls a hook) and hands out its own buffer.
type Payload interface {
	Raw() []byte
}

type hookedPayload struct {
	data   []byte
	onRead func()
}

func (p *hookedPayload) Raw() []byte {
	p.onRead()
	return p.data
}

// Envelope upper-cases the first byte of what its payload's Raw returned,
// in place: formatting the Envelope changes the payload it holds.
type Envelope struct {
	Body Payload
}

func (e *Envelope) String() string { // want "String method .* has side effects: mutates-receiver"
	b := e.Body.Raw()
	if len(b) > 0 && b[0] >= 'a' && b[0] <= 'z' {
		b[0] -= 'a' - 'A'
	}
	return string(b)
}
