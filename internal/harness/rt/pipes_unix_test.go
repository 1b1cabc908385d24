//go:build unix

package rt

import (
	"errors"
	"os"
	"syscall"
	"testing"
	"time"
)

// TestPollablePipes checks that the protocol pipes, inherited as blocking
// descriptors, are used through the runtime's poller: only a pollable
// file takes a deadline, and a read past it returns os.ErrDeadlineExceeded
// instead of blocking in a system call. Data still goes through whole.
func TestPollablePipes(t *testing.T) {
	var p [2]int
	if err := syscall.Pipe(p[:]); err != nil {
		t.Fatal(err)
	}
	r, w := pollable(p[0], "r"), pollable(p[1], "w")
	defer r.Close()
	defer w.Close()
	if err := w.SetWriteDeadline(time.Time{}); err != nil {
		t.Fatalf("the write end is not pollable: %v", err)
	}
	if err := r.SetReadDeadline(time.Now().Add(20 * time.Millisecond)); err != nil {
		t.Fatalf("the read end is not pollable: %v", err)
	}
	if _, err := r.Read(make([]byte, 1)); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("read of an empty pipe past its deadline: %v, want %v", err, os.ErrDeadlineExceeded)
	}
	r.SetReadDeadline(time.Time{})
	// More than a pipe's buffer (64 KB): the writer waits in the poller
	// for the reader, and every byte arrives.
	want := make([]byte, 300<<10)
	for i := range want {
		want[i] = byte(i * 7)
	}
	go func() { w.Write(want); w.Close() }()
	got := make([]byte, 0, len(want))
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		got = append(got, buf[:n]...)
		if err != nil {
			break
		}
	}
	if string(got) != string(want) {
		t.Fatalf("read %d bytes, want the %d written", len(got), len(want))
	}
}
