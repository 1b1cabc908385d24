package purityobsclass

import (
	"encoding/json"
	"errors"
)

// The classes below are observers that fill in a struct a helper has just
// built for them (go-jose's JSONWebKey.MarshalJSON): the helper's summary
// says its results may point into package memory or into an argument, but
// only one result does (a sentinel error beside a fresh struct), or only
// memory of a type the observer does not write (the key's bytes, under a
// []string field the observer appends to). Their true counterparts write
// a package variable a helper hands out, and the receiver's own []string.

var errUnsupportedCurve = errors.New("unsupported curve")

type rawKey struct {
	Kty string   `json:"kty"`
	Kid string   `json:"kid,omitempty"`
	X   []byte   `json:"x,omitempty"`
	X5c []string `json:"x5c,omitempty"`
}

// curveName returns the package's sentinel error in its second result.
func curveName(c string) (string, error) {
	if c != "P-256" && c != "P-384" {
		return "", errUnsupportedCurve
	}
	return c, nil
}

// fromCurve returns a fresh key, or the sentinel error: only its error
// result is package memory.
func fromCurve(c string) (*rawKey, error) {
	name, err := curveName(c)
	if err != nil {
		return nil, err
	}
	return &rawKey{Kty: "EC", X: []byte(name)}, nil
}

// fromSecret returns a fresh key that holds the secret's bytes: its
// result reaches the argument's []byte, never a []string.
func fromSecret(b []byte) (*rawKey, error) {
	if len(b) == 0 {
		return nil, errors.New("empty secret")
	}
	return &rawKey{Kty: "oct", X: b}, nil
}

// CurveKey names its key through fromCurve and sets fields of the fresh
// key: no package state is written.
type CurveKey struct {
	Curve string
	ID    string
}

func (k CurveKey) MarshalJSON() ([]byte, error) {
	raw, err := fromCurve(k.Curve)
	if err != nil {
		return nil, err
	}
	raw.Kid = k.ID
	return json.Marshal(raw)
}

// SecretKey appends its certificates to the fresh key fromSecret built
// around the receiver's bytes: the []string array appended to cannot be
// the receiver's []byte.
type SecretKey struct {
	Secret []byte
	ID     string
	Certs  [][]byte
}

func (k SecretKey) MarshalJSON() ([]byte, error) {
	raw, err := fromSecret(k.Secret)
	if err != nil {
		return nil, err
	}
	raw.Kid = k.ID
	for _, c := range k.Certs {
		raw.X5c = append(raw.X5c, string(c))
	}
	return json.Marshal(raw)
}

// defaultKey is handed out by sharedKey: a caller writing into the result
// writes package state.
var defaultKey = &rawKey{Kty: "none"}

func sharedKey(c string) (*rawKey, error) {
	if c == "" {
		return defaultKey, nil
	}
	return fromCurve(c)
}

type DefaultKey struct {
	Curve string
	ID    string
}

func (k DefaultKey) MarshalJSON() ([]byte, error) { // want "MarshalJSON method .* has side effects: writes-global"
	raw, err := sharedKey(k.Curve)
	if err != nil {
		return nil, err
	}
	raw.Kid = k.ID
	return json.Marshal(raw)
}

// withChain builds a key around the caller's certificate chain: appending
// to its X5c may write the receiver's array (when it has spare capacity),
// and so does overwriting the key's bytes.
func withChain(chain []string, b []byte) (*rawKey, error) {
	return &rawKey{Kty: "oct", X: b, X5c: chain}, nil
}

type ChainKey struct {
	Chain  []string
	Secret []byte
	Extra  string
}

func (k *ChainKey) MarshalJSON() ([]byte, error) { // want "MarshalJSON method .* has side effects: mutates-receiver"
	raw, err := withChain(k.Chain, k.Secret)
	if err != nil {
		return nil, err
	}
	raw.X5c = append(raw.X5c[:len(raw.X5c):cap(raw.X5c)], k.Extra)
	return json.Marshal(raw)
}

// MaskedKey overwrites the key's bytes, which are the receiver's.
type MaskedKey struct{ Secret []byte }

func (k MaskedKey) MarshalJSON() ([]byte, error) { // want "MarshalJSON method .* has side effects: mutates-receiver"
	raw, err := fromSecret(k.Secret)
	if err != nil {
		return nil, err
	}
	raw.X[0] = 0
	return json.Marshal(raw)
}
