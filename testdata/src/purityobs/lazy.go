// Package purityobs holds the observer check's classes of incidental
// effects (lazy, idempotent initialisation; debug and logging code), each
// with a near miss on the other side of the line that is still reported.
package purityobs

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// sync.Once: the Once is written, and the closure it runs fills the
// receiver, once.

type OnceField struct {
	once sync.Once
	n    int
	str  string
}

func (o *OnceField) String() string {
	o.once.Do(func() { o.str = strconv.Itoa(o.n) })
	return o.str
}

// A Once made by the call runs its function every time.
type LocalOnce struct{ hits int }

func (l *LocalOnce) String() string { // want "String method .* has side effects: mutates-receiver"
	var once sync.Once
	once.Do(func() { l.hits++ })
	return strconv.Itoa(l.hits)
}

// A package-level Once around a loader that reads the environment and
// fills package state, as time.Local's zone loading does.

var (
	zoneOnce sync.Once
	zoneName string
)

func loadZone() { zoneName = os.Getenv("TZ") }

func zone() string {
	zoneOnce.Do(loadZone)
	return zoneName
}

type Stamp struct{ at time.Time }

func (s Stamp) String() string { return s.at.String() + " " + zone() }

func (s Stamp) GoString() string { return fmt.Sprintf("Stamp(%v)", s.at) }

// sync.OnceValue kept in a package variable runs once; made and called in
// the method, it runs every time.

var userName = sync.OnceValue(func() string { return os.Getenv("USER") })

type Owner struct{}

func (Owner) String() string { return userName() }

type Fresh struct{ calls int }

func (f *Fresh) String() string { // want "String method .* has side effects: mutates-receiver"
	get := sync.OnceValue(func() string { f.calls++; return "fresh" })
	return get()
}

// Atomics filling a cache: Load, and Store only when unset; a
// CompareAndSwap from nil; an atomic.Value.

type AtomicCache struct {
	n     int
	cache atomic.Pointer[string]
	val   atomic.Value
}

func (a *AtomicCache) String() string {
	if p := a.cache.Load(); p != nil {
		return *p
	}
	s := strconv.Itoa(a.n)
	a.cache.Store(&s)
	return s
}

func (a *AtomicCache) Error() string {
	s := "error " + strconv.Itoa(a.n)
	a.cache.CompareAndSwap(nil, &s)
	return *a.cache.Load()
}

func (a *AtomicCache) GoString() string {
	if v := a.val.Load(); v != nil {
		return v.(string)
	}
	s := "AtomicCache"
	a.val.Store(s)
	return s
}

// Stores whatever it holds: not a fill.
type AtomicLast struct {
	n    int
	last atomic.Pointer[string]
}

func (a *AtomicLast) String() string { // want "String method .* has side effects: mutates-receiver"
	s := strconv.Itoa(a.n)
	a.last.Store(&s)
	return s
}

// A nil-checked field or package cache, filled once.

type FieldCache struct {
	n   int
	str string
	buf *string
}

func (f *FieldCache) String() string {
	if f.str == "" {
		f.str = strconv.Itoa(f.n)
	}
	return f.str
}

func (f *FieldCache) GoString() string {
	if f.buf != nil {
		return *f.buf
	}
	s := "FieldCache(" + strconv.Itoa(f.n) + ")"
	f.buf = &s
	return s
}

var names map[int]string

type Code int

func (c Code) String() string {
	if s, ok := names[int(c)]; ok {
		return s
	}
	if names == nil {
		names = make(map[int]string)
	}
	s := "code " + strconv.Itoa(int(c))
	names[int(c)] = s
	return s
}

var memo sync.Map

type Key int

func (k Key) String() string {
	v, _ := memo.LoadOrStore(int(k), "key "+strconv.Itoa(int(k)))
	return v.(string)
}

// A refill when dirty, and a counter bumped beside a fill, are not
// idempotent initialisation.

type Dirty struct {
	n     int
	dirty bool
	str   string
}

func (d *Dirty) String() string { // want "String method .* has side effects: mutates-receiver"
	if d.str == "" || d.dirty {
		d.str = strconv.Itoa(d.n)
	}
	return d.str
}

type Counted struct {
	n, fills int
	str      string
}

func (c *Counted) String() string { // want "String method .* has side effects: mutates-receiver"
	if c.str == "" {
		c.str = strconv.Itoa(c.n)
		c.fills++
	}
	return c.str
}

// The map entry filled is not the one found missing.
type Other int

var others = map[int]string{}

func (o Other) String() string { // want "String method .* has side effects: writes-global"
	if _, ok := others[int(o)]; !ok {
		others[int(o)+1] = "next"
	}
	return "other"
}

// An atomic counter is a counter.
type AtomicHits struct{ hits atomic.Int64 }

func (a *AtomicHits) String() string { // want "String method .* has side effects: mutates-receiver"
	return strconv.FormatInt(a.hits.Add(1), 10)
}
