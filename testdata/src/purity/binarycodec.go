package purity

import (
	"bytes"
	"encoding/binary"
	"io"
)

// encoding/binary's cache of struct sizes is memoization, not package
// state: a decoder built on binary.Read changes only what it decodes
// into (bits-and-blooms/bloom's ReadFrom, under its UnmarshalBinary and
// GobDecode), and an encoder built on binary.Write writes only to w.
// (UnmarshalBinary's mutates-param:0 is the bytes.Reader over b, which
// the analysis does not tell from b itself.)

// Header is a fixed-size record.
type Header struct {
	Magic   uint32
	Version uint16
	Flags   uint16
}

// ReadFrom decodes h from r.
func (h *Header) ReadFrom(r io.Reader) (int64, error) { // want ReadFrom:"^mutates-receiver calls-param:0$"
	if err := binary.Read(r, binary.BigEndian, h); err != nil {
		return 0, err
	}
	return 8, nil
}

// UnmarshalBinary decodes h from b.
func (h *Header) UnmarshalBinary(b []byte) error { // want UnmarshalBinary:"^mutates-receiver$"
	_, err := h.ReadFrom(bytes.NewReader(b))
	return err
}

// MarshalBinary encodes h.
func (h Header) MarshalBinary() ([]byte, error) { // want MarshalBinary:"^pure panics$"
	var buf bytes.Buffer
	if err := binary.Write(&buf, binary.BigEndian, h); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// HeaderSize is the encoded size of a Header.
func HeaderSize() int { // want HeaderSize:"^pure$"
	return binary.Size(Header{})
}
