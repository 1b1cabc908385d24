// Command stack is an example program of the kind libraries keep under
// examples/ (gods' examples, bench/vet/triage.md eighth run): each call
// shows what the API returns, the result written beside it, so the
// dropped results are the illustration and are not reported.
package main

import "strings"

type stack struct{ items []int }

func (s *stack) Push(v int)  { s.items = append(s.items, v) }
func (s *stack) Size() int   { return len(s.items) }
func (s *stack) Empty() bool { return len(s.items) == 0 }

func main() {
	s := &stack{}
	s.Push(1)                  // 1
	s.Size()                   // 1
	s.Empty()                  // false
	strings.ToUpper("example") // "EXAMPLE"
}
