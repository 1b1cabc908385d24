package ctors // want package:`\) ctors.Config struct lit\{Name:string Timeout:int Inner:\*ctors.Inner Items:\[\]ctors.Item\} ctors\{\(\*ctors.Config\).Clone\{\} ctors.Default\{result.Inner=p0 result.Inner.Level=p0 result.Name="default"\} ctors.FromEnv\{result.Name=p0\} ctors.NewConfig\{result.Name=p0 result.Timeout=p1 result.debug=true\} ctors.NewNested\{result.Inner=p0 result.Inner.Strict=p0 result.Items\+=p1\} ctors.Parse\{result.Name=p0\}\} vars\{ctors.DefaultConfig\}\nctors.Inner struct lit\{Strict:bool Level:int\}\nctors.Item struct lit\{Name:string\}\nctors.Level basic consts\{ctors.Debug ctors.Info\}\nctors.Set map lit\{\} ctors\{ctors.NewSet\{result\[\]=true\}\} vars\{ctors.Empty\}\}$`
// This package holds expectations for constructors, package variables
// and typed constants.

import "errors"

type Config struct {
	Name    string
	Timeout int
	Inner   *Inner
	Items   []Item
	debug   bool
}

type Inner struct {
	Strict bool
	Level  int
}

type Item struct{ Name string }

// NewConfig sets fields from its parameters and a constant.
func NewConfig(name string, timeout int) *Config {
	return &Config{Name: name, Timeout: timeout, debug: true}
}

// Parse returns a value and an error.
func Parse(s string) (Config, error) { // want Parse:`^ctors.go:29\{p0==""\}$`
	if s == "" {
		return Config{}, errors.New("empty")
	}
	return Config{Name: s}, nil
}

// NewNested builds nested objects: the inner object is part of the result.
func NewNested(strict bool, item string) *Config {
	c := &Config{Inner: &Inner{Strict: strict}}
	c.Items = append(c.Items, Item{Name: item})
	return c
}

// Default delegates to an unexported constructor.
func Default(level int) *Config { return newConfig("default", level) }

func newConfig(name string, level int) *Config {
	c := &Config{Name: name}
	c.Inner = &Inner{Level: level}
	return c
}

// FromEnv initialises through a method of the result.
func FromEnv(name string) *Config {
	c := new(Config)
	c.init(name)
	return c
}

func (c *Config) init(name string) { c.Name = name }

// Clone is a method of another type's... of Config returning a new Config:
// a constructor taking a Config.
func (c *Config) Clone() *Config {
	d := *c
	return &d
}

// Set is a named map type built by make.
type Set map[string]bool

func NewSet(first string) Set {
	s := make(Set)
	s[first] = true
	return s
}

// Level is an enum.
type Level int

const (
	Debug Level = iota
	Info
	warn
)

// Variables of the types.
var (
	DefaultConfig = &Config{Name: "default"}
	Empty         Set
	defaultLevel  = Info
)

// Untyped constants are not Level constants.
const Max = 10
