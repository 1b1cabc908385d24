package proc

import (
	"context"
	"os"
	"runtime"
	"testing"
	"time"
)

func TestRunTimeoutKillsGroup(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs sh")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	// The grandchild sleep would keep stdout open for 30 s if only sh died.
	r := Run(ctx, "", os.Environ(), "sh", "-c", "sleep 30 & sleep 30")
	if !r.TimedOut || r.Err == nil {
		t.Fatalf("Run = %+v, want a timeout", r)
	}
	if r.Elapsed > 5*time.Second {
		t.Errorf("took %s: the process group was not killed", r.Elapsed)
	}
	if err := r.Failure("sh"); err == nil {
		t.Error("Failure = nil")
	}
}

func TestTail(t *testing.T) {
	if got := Tail("a\nb\nc", 2); got != "...\nb\nc" {
		t.Errorf("Tail = %q", got)
	}
	if got := Tail("a", 2); got != "a" {
		t.Errorf("Tail = %q", got)
	}
}

func TestExcerpt(t *testing.T) {
	if got := Excerpt("1\n2\n3\n4\n5", 1, 2); got != "1\n...\n4\n5" {
		t.Errorf("Excerpt = %q", got)
	}
	if got := Excerpt("1\n2\n3", 1, 2); got != "1\n2\n3" {
		t.Errorf("Excerpt = %q", got)
	}
}
