// Package buildid identifies the gentest build that is running, for the
// caches whose entries depend on it: built executors (the runtime and the
// registry generator are part of gentest) and analysis facts (the
// analyzers are).
package buildid

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
)

// Executable is the SHA-256 of the running executable, or "" when it
// cannot be read. It changes whenever any of gentest's code does, released
// or not.
var Executable = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
})

// Version identifies the gentest build: its module version when it is a
// released one, else its VCS revision when the tree was clean, else (a
// development build, a test binary) the hash of its own executable. ""
// means nothing identifies it.
var Version = sync.OnceValue(func() string {
	if info, ok := debug.ReadBuildInfo(); ok {
		settings := map[string]string{}
		for _, s := range info.Settings {
			settings[s.Key] = s.Value
		}
		if v := info.Main.Version; v != "" && v != "(devel)" && !strings.Contains(v, "+dirty") {
			return info.Main.Path + "@" + v + " " + info.Main.Sum
		}
		if rev := settings["vcs.revision"]; rev != "" && settings["vcs.modified"] == "false" {
			return info.Main.Path + " " + rev
		}
	}
	if h := Executable(); h != "" {
		return "exe " + h
	}
	return ""
})
