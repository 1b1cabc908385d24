package verify

import (
	"regexp"
	"strings"

	"github.com/gentest-go/gentest/internal/emit"
)

// createdByRE matches the "created by" line Go prints under the stack of a
// panicking goroutine: the function that started that goroutine.
var createdByRE = regexp.MustCompile(`(?m)^created by (\S+)`)

// spawnerBlame pins a panic on a goroutine a test left running (a
// scheduler's loop started by (*Cron).Start panicking after its test
// ended) on the cases that call the function that started it. Such a panic
// kills the test binary under whichever test runs at that moment, or under
// none, and blaming that test (or bisecting the file) drops innocent cases
// round after round while the culprit stays. The panic's "created by"
// frame names the spawning function; the cases whose source calls it are
// the culprits. It returns nil when the output has no such panic, the
// spawner is the testing package's own (a test's panic on its own
// goroutine, which the ordinary blame handles) or no case calls it.
func spawnerBlame(out *emit.Output, rep *Report) map[int]string {
	i := strings.Index(rep.Output, "\npanic: ")
	if i < 0 {
		return nil
	}
	tail := rep.Output[i+1:]
	m := createdByRE.FindStringSubmatch(tail)
	if m == nil {
		return nil
	}
	fn := m[1]
	if strings.HasPrefix(fn, "testing.") || strings.HasPrefix(fn, "runtime.") {
		return nil
	}
	name := fn[strings.LastIndexByte(fn, '.')+1:]
	if name == "" || strings.HasPrefix(name, "func") {
		// A closure (pkg.F.func1) is started by F: name that.
		parts := strings.Split(fn, ".")
		for j := len(parts) - 1; j >= 0; j-- {
			if p := strings.Trim(parts[j], "()*"); p != "" && !strings.HasPrefix(p, "func") && !isDigits(p) {
				name = p
				break
			}
		}
	}
	call := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\(`)
	why := "a goroutine it started panicked after it returned: " + firstLine(tail) + " | " + m[0]
	lines := caseLines(out)
	bad := map[int]string{}
	for n, l := range strings.Split(string(out.Src), "\n") {
		if !call.MatchString(l) {
			continue
		}
		keys, fnName := lines.at(n + 1)
		for _, k := range keys {
			bad[k] = seedMark(fnName) + why
		}
	}
	if len(bad) == 0 {
		return nil
	}
	return bad
}

func isDigits(s string) bool {
	return strings.Trim(s, "0123456789") == ""
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return strings.TrimSpace(l)
}
