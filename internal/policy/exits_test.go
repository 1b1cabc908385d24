package policy

import (
	"slices"
	"testing"
)

func init() {
	// Handler variables of the fixture's target, next to its functions.
	fixtureFiles["target/handlers.go"] = `package target

import (
	"fmt"
	"log"
	"os"
)

// ErrorHandler defaults to a literal that calls log.Fatal.
var ErrorHandler = func(err error) { log.Fatal(err) }

// Exit is os.Exit itself.
var Exit = os.Exit

// Fatalf is log.Fatalf, a variadic handler.
var Fatalf = log.Fatalf

// Logf only prints.
var Logf = func(format string, args ...any) { fmt.Printf(format, args...) }

// quit exits but is unexported: purity resolves calls through it.
var quit = os.Exit
`
}

// The exported func variables whose initializer exits, directly or in a
// literal, are exit handlers; one that only prints and an unexported one
// are not.
func TestExitHandlers(t *testing.T) {
	l := loadFixture(t)
	var names []string
	for _, p := range l.targets {
		if p.PkgPath != targetPath {
			continue
		}
		for _, v := range ExitHandlers(l.an, p) {
			names = append(names, v.Name())
		}
	}
	slices.Sort(names)
	if want := []string{"ErrorHandler", "Exit", "Fatalf"}; !slices.Equal(names, want) {
		t.Errorf("ExitHandlers = %v, want %v", names, want)
	}
}
