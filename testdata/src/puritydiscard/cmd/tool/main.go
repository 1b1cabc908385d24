// Command tool is a command, not an example program: a result it drops
// is a mistake like anywhere else, and stays reported.
package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	name := os.Args[0]
	strings.TrimSpace(name) // want "result of strings.TrimSpace is discarded"
	fmt.Println(name)
}
