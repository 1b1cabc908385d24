// Package clock is a fixture for the search's determinism: its branches
// depend on the wall clock (a cache whose entries expire, an ID generator
// that tells apart IDs made in the same microsecond), so two runs of one
// sequence may cover different code. The same seed and -execs must still
// give the same file.
package clock

import (
	"strconv"
	"time"
)

// Cache keeps values for a time to live.
type Cache struct {
	entries        map[string]entry
	hits, misses   int
	expired, stale int
}

type entry struct {
	val string
	at  time.Time
	ttl time.Duration
}

// NewCache returns an empty cache.
func NewCache() *Cache { return &Cache{entries: map[string]entry{}} }

// Put stores v under k for ttl.
func (c *Cache) Put(k, v string, ttl time.Duration) {
	c.entries[k] = entry{val: v, at: time.Now(), ttl: ttl}
}

// Get returns the value under k, unless it has expired. An entry past
// twice its time to live counts as stale.
func (c *Cache) Get(k string) (string, bool) {
	e, ok := c.entries[k]
	if !ok {
		c.misses++
		return "", false
	}
	if age := time.Since(e.at); age > e.ttl {
		delete(c.entries, k)
		c.expired++
		if age > 2*e.ttl {
			c.stale++
		}
		return "", false
	}
	c.hits++
	return e.val, true
}

// Stats reports the hits, misses and expirations so far.
func (c *Cache) Stats() string {
	return "hits=" + strconv.Itoa(c.hits) + " misses=" + strconv.Itoa(c.misses) +
		" expired=" + strconv.Itoa(c.expired) + " stale=" + strconv.Itoa(c.stale)
}

// IDs makes increasing IDs from the clock: the microsecond, times 1000,
// plus a sequence number for IDs made within the same microsecond.
type IDs struct {
	last int64
	seq  int64
}

// Next returns the next ID.
func (g *IDs) Next() int64 {
	now := time.Now().UnixMicro()
	if now <= g.last {
		g.seq++
		if g.seq >= 1000 {
			g.last++
			g.seq = 0
		}
		return g.last*1000 + g.seq
	}
	g.last, g.seq = now, 0
	return now * 1000
}

// Seq returns how many IDs the current microsecond has had after the
// first.
func (g *IDs) Seq() int64 { return g.seq }

// Label names a key in a fixed format: no clock here.
func Label(prefix string, n int) string {
	switch {
	case n < 0:
		return prefix + "-neg"
	case n == 0:
		return prefix
	case n > 999:
		return prefix + "-big"
	}
	return prefix + "-" + strconv.Itoa(n)
}
