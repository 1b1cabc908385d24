// Package hazards mixes ordinary functions with ones that would damage the
// machine or kill the process, to check that gentest survives them and
// harms nothing.
package hazards

import (
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Victim is a fixed absolute path the package would remove.
const Victim = "/tmp/gentest-hazard-canary/victim.txt"

// Add adds.
func Add(a, b int) int { return a + b }

// Describe describes n.
func Describe(n int) string {
	switch {
	case n < 0:
		return "negative"
	case n == 0:
		return "zero"
	case n > 100:
		return "big"
	}
	return "small"
}

// Title title-cases words.
func Title(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// WipeFixed removes a fixed absolute path.
func WipeFixed() error { return os.RemoveAll(Victim) }

// WipeHome removes a directory under $HOME.
func WipeHome() error {
	return os.RemoveAll(filepath.Join(os.Getenv("HOME"), "gentest-canary"))
}

// Remove removes the path it is given.
func Remove(path string) error { return os.Remove(path) }

// Save writes a file.
func Save(name, data string) error { return os.WriteFile(name, []byte(data), 0o644) }

// Quit exits the process.
func Quit(code int) { os.Exit(code) }

// Fatal logs and exits.
func Fatal(msg string) { log.Fatal(msg) }

// Spin loops forever when n is 7.
func Spin(n int) int {
	for n == 7 {
	}
	return n * 2
}

// Block blocks forever when n is 3.
func Block(n int) int {
	if n == 3 {
		select {}
	}
	return n
}

// Alloc allocates n bytes.
func Alloc(n int) int { return len(make([]byte, n)) }

// Depth recurses without end when n is 5.
func Depth(n int) int {
	if n == 5 {
		return Depth(n) + 1
	}
	return n
}

// Async panics on another goroutine when n is 2.
func Async(n int) int {
	if n == 2 {
		done := make(chan bool)
		go func() {
			defer close(done)
			panic("boom on another goroutine")
		}()
		<-done
		time.Sleep(10 * time.Millisecond)
	}
	return n + 1
}
