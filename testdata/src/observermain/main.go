// Command observermain counts the comparisons of a sort, as benchmark
// tools do: a command's observer methods are only called by its own code
// and are not reported.
package main

import (
	"fmt"
	"sort"
)

type counted struct {
	xs    []int
	count int
}

func (c *counted) Len() int           { return len(c.xs) }
func (c *counted) Swap(i, j int)      { c.xs[i], c.xs[j] = c.xs[j], c.xs[i] }
func (c *counted) Less(i, j int) bool { c.count++; return c.xs[i] < c.xs[j] }

func main() {
	c := &counted{xs: []int{3, 1, 2}}
	sort.Sort(c)
	fmt.Println(c.xs, c.count)
}
