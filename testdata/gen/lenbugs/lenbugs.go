// Package lenbugs plants a runtime panic of issue 32's length-shaped
// input class (search.lengthBytes): a binary decoder that checks its
// input holds a fixed header, then reads the variable fields after it,
// one of them without a check (pion/dtls v2.2.3's
// MessageServerHello.Unmarshal reading the cipher suite's two bytes when
// one is left, GO-2023-1535). Only an input of about the header's size
// (42 bytes here, byte 40 a small count) reaches the read; the search's
// other byte slices are a few bytes long.
//
// Bug: Record.Unmarshal reads Kind's two bytes after the ID without
// checking that two are left.
//
// Not a bug: Header.Unmarshal checks every read.
package lenbugs

import (
	"encoding/binary"
	"errors"
)

// NonceLen is the length of a record's nonce.
const NonceLen = 38

// headerLen is the fixed part of a record: its version and its nonce.
const headerLen = 2 + NonceLen

var errShort = errors.New("lenbugs: record too short")

// Record is a decoded record: a fixed header, a length-prefixed ID and
// a kind.
type Record struct {
	Version uint16
	Nonce   [NonceLen]byte
	ID      []byte
	Kind    uint16
}

// Unmarshal decodes data into r, or returns an error if data is not a
// whole record.
func (r *Record) Unmarshal(data []byte) error {
	if len(data) < headerLen {
		return errShort
	}
	r.Version = binary.BigEndian.Uint16(data)
	copy(r.Nonce[:], data[2:headerLen])
	off := headerLen + 1
	if len(data) <= off {
		return errShort
	}
	n := int(data[headerLen])
	if len(data) <= off+n {
		return errShort
	}
	r.ID = append([]byte{}, data[off:off+n]...)
	off += n
	r.Kind = binary.BigEndian.Uint16(data[off:])
	return nil
}

// Header is a record's fixed part alone.
type Header struct {
	Version uint16
	Nonce   [NonceLen]byte
	Kind    uint16
}

// Unmarshal decodes data into h, or returns an error if data is not a
// whole header followed by a kind.
func (h *Header) Unmarshal(data []byte) error {
	if len(data) < headerLen+2 {
		return errShort
	}
	h.Version = binary.BigEndian.Uint16(data)
	copy(h.Nonce[:], data[2:headerLen])
	h.Kind = binary.BigEndian.Uint16(data[headerLen:])
	return nil
}
