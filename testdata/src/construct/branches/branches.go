package branches // want package:`\) branches.Config struct lit\{Name:string Inner:\*branches.Inner Items:\[\]branches.Item Opts:map\[string\]int Port:string Ptrs:\[\]\*branches.Item ByKey:map\[string\]branches.Item Mode:int\}\nbranches.Inner struct lit\{Strict:bool Level:int Count:\*int Sub:\*branches.Sub\}\nbranches.Item struct lit\{Name:string Tags:map\[string\]string\}\nbranches.Node struct lit\{Key:int Next:\*branches.Node\}\nbranches.Sub struct lit\{Flag:bool\}\}$`
// This package holds branch-dependency expectations: which fields of
// which parameters each branch condition reads.

import (
	"strconv"
	"strings"
)

type Inner struct {
	Strict bool
	Level  int
	Count  *int
	Sub    *Sub
}

type Sub struct{ Flag bool }

type Item struct {
	Name string
	Tags map[string]string
}

type Config struct {
	Name  string
	Inner *Inner
	Items []Item
	Opts  map[string]int
	Port  string
	limit int
	any   any
	Ptrs  []*Item
	ByKey map[string]Item
	Mode  int
}

// Nested pointers: recv.Inner is a pointer, Strict a field of what it
// points to.
func (c *Config) Strict() bool { // want Strict:`^branches.go:40\{recv.Inner!=nil\} branches.go:40\{recv.Inner.Strict==true\}$`
	if c.Inner != nil && c.Inner.Strict {
		return true
	}
	return false
}

// Slices of structs, with a constant index and in a range loop.
func First(c *Config) string { // want First:`^branches.go:48\{len\(p0.Items\)>0\} branches.go:48\{p0.Items\[0\].Name=="head"\} branches.go:51\{len\(p0.Items\)>_\} branches.go:52\{p0.Items\[\].Name=="x"\}$`
	if len(c.Items) > 0 && c.Items[0].Name == "head" {
		return "head"
	}
	for _, it := range c.Items {
		if it.Name == "x" {
			return it.Name
		}
	}
	return ""
}

// Maps: a comma-ok lookup with a constant key, and a map in an element.
func Mode(c *Config, it *Item) int { // want Mode:`^branches.go:61\{p0.Opts has "mode"\} branches.go:61\{p0.Opts\["mode"\]>2\} branches.go:64\{p1.Tags\["k"\]=="v"\}$`
	if v, ok := c.Opts["mode"]; ok && v > 2 {
		return v
	}
	if it.Tags["k"] == "v" {
		return 1
	}
	return 0
}

// Locals and arithmetic: the field reaches the comparison through a local
// and an addition.
func (c *Config) Over(n int) bool { // want Over:`^branches.go:75\{~p0>10 ~recv.Inner.Level>10\}$`
	l := c.Inner.Level
	total := l + n
	if total > 10 {
		return true
	}
	return *c.Inner.Count == 3
}

// Through a call outside the package.
func Port(c *Config) int { // want Port:`^branches.go:84\{strconv.Atoi\(p0.Port\)!=nil\} branches.go:87\{strings.HasPrefix\(p0.Name\)==true\}$`
	p, err := strconv.Atoi(c.Port)
	if err != nil {
		return -1
	}
	if strings.HasPrefix(c.Name, "srv") {
		return p
	}
	return 0
}

// Helpers: the branch is in an unexported function, reached with fields
// as arguments, and in a getter whose result is compared.
func (c *Config) Valid() bool { // want Valid:`^branches.go:96\{len\(recv.Name\)<64\} branches.go:99\{recv.Inner.Level>=5\} branches.go:106@branches.checkName\{recv.Name==""\}$`
	if !checkName(c.Name) {
		return false
	}
	if c.level() >= 5 {
		return false
	}
	return true
}

func checkName(s string) bool {
	if s == "" {
		return false
	}
	return len(s) < 64
}

func (c *Config) level() int { return c.Inner.Level }

// Type assertion and a parameter compared with a field.
func (c *Config) Is(max int) bool { // want Is:`^branches.go:116\{recv.any is \*branches.Item\} branches.go:119\{p0<_ recv.limit>_\}$`
	if _, ok := c.any.(*Item); ok {
		return true
	}
	if c.limit > max {
		return true
	}
	return false
}

// A function literal reading a captured parameter.
func Each(c *Config, f func(string)) { // want Each:`^branches.go:128@branches.Each\$1\{p0.Name!=""\}$`
	func() {
		if c.Name != "" {
			f(c.Name)
		}
	}()
}

// No branch reads an input: no fact.
func Loop() int {
	n := 0
	for i := 0; i < 10; i++ {
		n += i
	}
	return n
}

// Deeper: a chain of pointers, a slice of pointers, a map of structs.
func Deep(c *Config) int { // want Deep:`^branches.go:145\{p0.Inner.Sub.Flag==true\} branches.go:148\{len\(p0.Ptrs\)>_\} branches.go:149\{p0.Ptrs\[\].Name=="p"\} branches.go:153\{p0.ByKey\["k"\].Name!=""\}$`
	if c.Inner.Sub.Flag {
		return 1
	}
	for i := range c.Ptrs {
		if c.Ptrs[i].Name == "p" {
			return 2
		}
	}
	if c.ByKey["k"].Name != "" {
		return 3
	}
	return 0
}

// An address-taken local holding a field.
func Local(c *Config) bool { // want Local:`^branches.go:164\{p0.Inner.Level>1\} branches.go:170@branches.check\{p0.Inner.Strict==true\}$`
	in := c.Inner
	p := &in
	update(p)
	return (*p).Level > 1 && check(p)
}

func update(p **Inner) {}

func check(p **Inner) bool {
	if (*p).Strict {
		return true
	}
	return false
}

// A switch on a field, and a type switch on a parameter.
func (c *Config) Kind(x any) string { // want Kind:`^branches.go:179\{recv.Mode==1\} branches.go:181\{recv.Mode==2\} branches.go:185\{p0 is \*branches.Item\}$`
	switch c.Mode {
	case 1:
		return "one"
	case 2:
		return "two"
	}
	switch x.(type) {
	case *Item:
		return "item"
	}
	return ""
}

// A value receiver.
func (c Config) Named() bool { // want Named:`^branches.go:193\{recv.Name==""\}$`
	if c.Name == "" {
		return false
	}
	return true
}

// Recursion is not composed: the recursive call's branches are its own.
type Node struct {
	Key  int
	Next *Node
}

func (n *Node) Find(k int) bool { // want Find:`^branches.go:206\{recv==nil\} branches.go:209\{p0==_ recv.Key==_\}$`
	if n == nil {
		return false
	}
	if n.Key == k {
		return true
	}
	return n.Next.Find(k)
}

// The depth bound: branches up to MaxDepth (5) calls deep count, deeper
// ones do not.
func Chain(c *Config) bool { return d1(c.Name) } // want Chain:`^branches.go:223@branches.d4\{p0.Name=="four"\} branches.go:229@branches.d5\{p0.Name=="five"\}$`

func d1(s string) bool { return d2(s) }
func d2(s string) bool { return d3(s) }
func d3(s string) bool { return d4(s) }
func d4(s string) bool {
	if s == "four" {
		return true
	}
	return d5(s)
}
func d5(s string) bool {
	if s == "five" {
		return true
	}
	return d6(s)
}
func d6(s string) bool {
	if s == "six" {
		return true
	}
	return false
}

var debug bool

// Only a package variable: no fact.
func Debug() string {
	if debug {
		return "debug"
	}
	return ""
}
