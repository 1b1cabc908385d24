package conds

import "strings"

func Linear(a, b, c int) int {
	if 3*a-2*b+c == 1234 && a > b {
		return 1
	}
	return 0
}

func Bits(x uint32) bool {
	if x&0xF0 == 0xA0 && x>>12 == 5 {
		return true
	}
	return false
}

func Checksum(s string) int {
	if len(s) < 6 {
		return -1
	}
	sum := 0
	for i := 0; i < len(s); i++ {
		sum += int(s[i])
	}
	if sum%251 == 17 {
		return 1
	}
	return 0
}

func Xor(b []byte) int {
	var h uint8
	for _, c := range b {
		h = h<<1 ^ c
	}
	if h == 0x5a {
		return 1
	}
	return 0
}

func Prefix(s string) int {
	if strings.HasPrefix(s, "v2:") && strings.Index(s, "#") == 7 {
		return 1
	}
	return 0
}

func Narrow(x int8, y int16) int {
	if int16(x)*y == -300 && x < 0 {
		return 1
	}
	return 0
}

func helper(n int) int { return n*7 + 3 }

func Callee(n int) int {
	if helper(n) == 500 {
		return 1
	}
	return 0
}

var limit = 10

func Global(x int) int {
	if x > 3 {
		if x == limit {
			return 1
		}
	}
	return 0
}

func Escape(b []byte) int {
	if len(b) > 2 {
		h := struct{ p []byte }{b}
		h.p[0] = 'z'
		if b[0] == 'z' {
			return 1
		}
	}
	return 0
}
