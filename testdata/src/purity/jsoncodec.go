package purity

import "encoding/json"

// encoding/json's type caches are memoization, not package state: a
// decoder built on json.Unmarshal changes only its argument, and an
// encoder built on json.Marshal nothing.

// Pair is decoded from JSON.
type Pair struct{ X, Y int }

// UnmarshalJSON decodes b into p.
func (p *Pair) UnmarshalJSON(b []byte) error { // want UnmarshalJSON:"^mutates-receiver$"
	var raw [2]int
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	p.X, p.Y = raw[0], raw[1]
	return nil
}

// Encode encodes xs.
func Encode(xs []int) ([]byte, error) { // want Encode:"^pure$"
	return json.Marshal(xs)
}
