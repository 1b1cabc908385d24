package generator

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"runtime"

	"github.com/gentest-go/gentest/internal/buildid"
	"github.com/gentest-go/gentest/internal/load"
	"golang.org/x/tools/go/analysis"
)

// factCache is the cache of the dependencies' analysis facts, nil when
// Config.FactCacheDir is "".
func (c *Config) factCache() *load.FactCache {
	if c.FactCacheDir == "" {
		return nil
	}
	return &load.FactCache{Dir: c.FactCacheDir, Salt: factCacheSalt(c.Analyzers)}
}

// factCacheSalt is what a dependency's facts depend on besides its files
// and its imports: gentest's own build (its analyzers), the Go version
// gentest was built with, and the analyzers' flags. gentest's build is
// identified by the hash of its executable, which changes with any change
// to the analyzers, released or not. (It belongs beside load.FactCache,
// whose key it salts, as one constructor of the cache.)
func factCacheSalt(analyzers []*analysis.Analyzer) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", runtime.Version(), buildid.Executable())
	for _, a := range analyzers {
		fmt.Fprintf(h, "analyzer %s", a.Name)
		a.Flags.VisitAll(func(f *flag.Flag) { fmt.Fprintf(h, " -%s=%s", f.Name, f.Value) })
		fmt.Fprintf(h, "\x00")
	}
	return hex.EncodeToString(h.Sum(nil))
}
