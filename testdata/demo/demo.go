// Package demo is a small shopping-cart library that gentest's README uses
// as its example: a couple of types with methods, functions that branch on
// numbers and strings, and a (T, error) constructor.
package demo

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Money is an amount in cents.
type Money int64

// String formats m as dollars and cents.
func (m Money) String() string {
	sign := ""
	if m < 0 {
		sign = "-"
		m = -m
	}
	return fmt.Sprintf("%s$%d.%02d", sign, m/100, m%100)
}

// ParseMoney parses "12.34", "$12.34" or "12" into cents.
func ParseMoney(s string) (Money, error) {
	s = strings.TrimSpace(strings.TrimPrefix(s, "$"))
	if s == "" {
		return 0, errors.New("demo: empty amount")
	}
	whole, frac, hasFrac := strings.Cut(s, ".")
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("demo: bad amount %q", s)
	}
	cents := int64(0)
	if hasFrac {
		if len(frac) != 2 {
			return 0, fmt.Errorf("demo: amount %q needs two decimals", s)
		}
		c, err := strconv.ParseInt(frac, 10, 64)
		if err != nil || c < 0 {
			return 0, fmt.Errorf("demo: bad cents in %q", s)
		}
		cents = c
	}
	if w < 0 {
		return Money(w*100 - cents), nil
	}
	return Money(w*100 + cents), nil
}

// Item is one line of a cart.
type Item struct {
	Name  string
	Price Money
	Qty   int
}

// Cart holds up to a fixed number of distinct items.
type Cart struct {
	items []Item
	limit int
}

// ErrFull is returned when a cart has no room for another item.
var ErrFull = errors.New("demo: cart is full")

// NewCart returns an empty cart that holds up to limit distinct items.
func NewCart(limit int) (*Cart, error) {
	if limit <= 0 {
		return nil, fmt.Errorf("demo: limit %d must be positive", limit)
	}
	if limit > 100 {
		return nil, fmt.Errorf("demo: limit %d is above 100", limit)
	}
	return &Cart{limit: limit}, nil
}

// Add adds qty of an item, merging with an item of the same name.
func (c *Cart) Add(name string, price Money, qty int) error {
	if name == "" {
		return errors.New("demo: item needs a name")
	}
	if qty <= 0 {
		return fmt.Errorf("demo: quantity %d must be positive", qty)
	}
	if price < 0 {
		return fmt.Errorf("demo: negative price %v", price)
	}
	for i := range c.items {
		if c.items[i].Name == name {
			c.items[i].Qty += qty
			return nil
		}
	}
	if len(c.items) >= c.limit {
		return ErrFull
	}
	c.items = append(c.items, Item{Name: name, Price: price, Qty: qty})
	return nil
}

// Remove removes the named item and reports whether it was there.
func (c *Cart) Remove(name string) bool {
	for i := range c.items {
		if c.items[i].Name == name {
			c.items = append(c.items[:i], c.items[i+1:]...)
			return true
		}
	}
	return false
}

// Len returns the number of distinct items.
func (c *Cart) Len() int { return len(c.items) }

// Total returns the sum of price times quantity.
func (c *Cart) Total() Money {
	var t Money
	for _, it := range c.items {
		t += it.Price * Money(it.Qty)
	}
	return t
}

// Items returns a copy of the cart's items.
func (c *Cart) Items() []Item {
	return append([]Item(nil), c.items...)
}

// Discount applies a discount code to a total.
func Discount(total Money, code string) (Money, error) {
	switch {
	case code == "":
		return total, nil
	case code == "SAVE10":
		if total < 1000 {
			return total, errors.New("demo: SAVE10 needs a total of $10.00")
		}
		return total - 1000, nil
	case code == "HALF":
		return total / 2, nil
	case strings.HasPrefix(code, "VIP-"):
		n, err := strconv.Atoi(strings.TrimPrefix(code, "VIP-"))
		if err != nil || n <= 0 || n > 50 {
			return total, fmt.Errorf("demo: bad VIP code %q", code)
		}
		return total - total*Money(n)/100, nil
	}
	return total, fmt.Errorf("demo: unknown code %q", code)
}

// Shipping returns the shipping cost for a total and a weight in grams.
func Shipping(total Money, grams int) Money {
	if total >= 5000 {
		return 0
	}
	switch {
	case grams <= 0:
		return 0
	case grams < 500:
		return 499
	case grams < 2000:
		return 899
	default:
		return 899 + Money((grams-2000)/1000+1)*200
	}
}
