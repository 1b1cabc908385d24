// Package failure classifies why gentest-bench got no good test file for a
// package: from gentest's exit and stderr when gentest itself failed, or
// from the harness's own checks of the file gentest wrote.
//
// The classes are coarse on purpose: they group packages by the stage that
// failed, so a smoke run over a large corpus says which stage to fix first.
// Classify also returns the line that best says what went wrong, since the
// class alone does not name the root cause.
package failure

import (
	"regexp"
	"strings"
)

// Class is a failure class. The zero Class is not a failure.
type Class string

// The classes. OK and the "file:" classes describe a file gentest wrote;
// HarnessSetup is the harness's own failure; every other class is a
// gentest failure, read from its exit status and stderr.
const (
	// OK: gentest wrote a file that compiles, passes and is not flaky.
	OK Class = "ok"
	// HarnessSetup: the package could not be fetched or copied (module
	// download, go mod tidy, scratch copy): not gentest's fault.
	HarnessSetup Class = "harness-setup"
	// LoadError: gentest could not load the package (does not compile,
	// cannot load, main, cgo, no Go files).
	LoadError Class = "load-error"
	// AnalyzerError: an analyzer of the suite returned an error.
	AnalyzerError Class = "analyzer-error"
	// NoOperations: nothing exported, or nothing gentest can call.
	NoOperations Class = "no-operations"
	// NoTests: the search found no reproducible case, or verification
	// dropped every case.
	NoTests Class = "no-tests"
	// ExecutorBuild: instrumenting the package or building the executor
	// failed.
	ExecutorBuild Class = "executor-build"
	// ExecutorStart: the executor was built but did not start or did not
	// confirm its sandbox.
	ExecutorStart Class = "executor-start"
	// VerifyCompile: after its rounds of dropping cases, the generated file
	// still did not compile.
	VerifyCompile Class = "verify-failed:compile"
	// Vet: go vet still reported the generated file.
	Vet Class = "vet"
	// VerifyRun: the generated tests compiled but some still failed.
	VerifyRun Class = "verify-failed:run"
	// Panic: gentest itself panicked (a Go panic trace of gentest, not of
	// the tests it ran).
	Panic Class = "panic"
	// Timeout: gentest did not finish in the harness's time limit, or
	// gentest reported that its own go test run timed out.
	Timeout Class = "timeout"
	// Killed: gentest died of a signal the harness did not send (the OOM
	// killer, say).
	Killed Class = "killed"
	// NoFile: gentest exited 0 but the test file is not there.
	NoFile Class = "no-file"
	// FileNoCompile, FileFails and FileFlaky: gentest succeeded, but the
	// harness found that the file does not compile, that its tests fail,
	// or that they fail in a shuffled rerun.
	FileNoCompile Class = "file:no-compile"
	FileFails     Class = "file:fails"
	FileFlaky     Class = "file:flaky"
	// Other: gentest failed in a way none of the above matches.
	Other Class = "other"
)

// All lists every class in report order: success first, then by stage.
var All = []Class{OK, HarnessSetup, LoadError, AnalyzerError, NoOperations, ExecutorBuild, ExecutorStart,
	NoTests, VerifyCompile, Vet, VerifyRun, Panic, Timeout, Killed, NoFile, FileNoCompile, FileFails, FileFlaky, Other}

// IsGentest reports whether the class is a failure of gentest itself, as
// opposed to success, a harness failure or a failure found in the file.
func (c Class) IsGentest() bool {
	switch c {
	case "", OK, HarnessSetup, FileNoCompile, FileFails, FileFlaky:
		return false
	}
	return true
}

// Exit is how a gentest run ended.
type Exit struct {
	// Stderr is gentest's whole standard error.
	Stderr string
	// Code is the exit status; -1 when gentest did not exit normally.
	Code int
	// Signal names the signal that ended gentest, if one did.
	Signal string
	// TimedOut reports that the harness stopped gentest at its time limit.
	TimedOut bool
}

// verifyMarker starts gentest's report of a file that did not verify; what
// follows is go test's or go vet's output.
const verifyMarker = "generated tests do not verify:"

var (
	// A Go runtime panic or fatal error at the start of a line, followed
	// somewhere by a goroutine header.
	panicLineRE = regexp.MustCompile(`(?m)^(panic: |fatal error: ).*$`)
	goroutineRE = regexp.MustCompile(`(?m)^goroutine \d+ \[`)
	frameRE     = regexp.MustCompile(`(?m)^(github\.com/gentest-go/gentest/\S+)\(.*$`)
	// A compiler or vet message: file:line[:col]: text. go vet also
	// reports assembly files (asmdecl on x_amd64.s), hence any extension.
	compileLineRE    = regexp.MustCompile(`(?m)^(?:vet: )?\S+\.\w+:\d+(?::\d+)?: .*$`)
	anyCompileLineRE = regexp.MustCompile(`(?m)^\s*(?:vet: )?\S+\.go:\d+(?::\d+)?: .*$`)
	buildHeaderRE    = regexp.MustCompile(`(?m)^# \S+ \[\S+\.test\]$|\[build failed\]|^vet: `)
	testFailRE       = regexp.MustCompile(`(?m)^\s*--- FAIL: .*$|^panic: .*$|^fatal error: .*$`)
	gentestLineRE    = regexp.MustCompile(`(?m)^gentest: .*$`)
	verifyTimeoutRE  = regexp.MustCompile(`go test in \S+ timed out after`)
)

// Classify returns the class of a gentest run that did not succeed (Code
// != 0, a signal, or a timeout) and the line that best says why. A run that
// succeeded gets "" (the caller then checks the file itself).
func Classify(e Exit) (Class, string) {
	stderr := strings.ReplaceAll(e.Stderr, "\r\n", "\n")
	if e.TimedOut {
		return Timeout, "gentest did not finish in the harness's time limit" + lastLine(stderr, ": last output: ")
	}
	if e.Code == 0 && e.Signal == "" {
		return "", ""
	}
	// gentest's own panic: its trace comes last and is not part of the
	// go test output gentest quotes when verification fails (a panicking
	// generated test is a verification failure, not a gentest panic).
	own := stderr
	if i := strings.Index(stderr, verifyMarker); i >= 0 {
		own = stderr[:i]
	}
	if loc := panicLineRE.FindStringIndex(own); loc != nil && goroutineRE.MatchString(own[loc[1]:]) {
		detail := own[loc[0]:loc[1]]
		if f := frameRE.FindStringSubmatch(own[loc[1]:]); f != nil {
			detail += " (at " + f[1] + ")"
		}
		return Panic, detail
	}
	if e.Signal != "" {
		return Killed, "gentest killed by signal " + e.Signal + lastLine(stderr, ": last output: ")
	}
	if i := strings.Index(stderr, verifyMarker); i >= 0 {
		return classifyVerify(stderr[i+len(verifyMarker):])
	}
	msg := errorLine(stderr)
	switch {
	case msg == "":
		return Other, lastLine(stderr, "")
	case verifyTimeoutRE.MatchString(msg):
		return Timeout, msg
	case strings.Contains(msg, "no test passed verification"), strings.Contains(msg, "no generated test passed verification"),
		strings.Contains(msg, "no test to write"):
		return NoTests, msg
	case strings.Contains(msg, "has no exported functions or methods"), strings.Contains(msg, "has no operations gentest can call"):
		return NoOperations, msg
	case strings.Contains(msg, "running analyzers:"):
		return AnalyzerError, msg
	case strings.Contains(msg, "building the executor"), strings.Contains(msg, "instrumenting "), strings.Contains(msg, "instrument: "):
		return ExecutorBuild, msg + firstCompileLine(stderr)
	case strings.Contains(msg, "executor did not"), strings.Contains(msg, "starting executor"), strings.Contains(msg, "executor scratch dir"):
		return ExecutorStart, msg
	case strings.Contains(msg, "does not compile"), strings.Contains(msg, "cannot load"), strings.Contains(msg, "matched no packages"),
		strings.Contains(msg, "not a Go package"), strings.Contains(msg, "is a main package"), strings.Contains(msg, "uses cgo"),
		strings.Contains(msg, "has no Go files"), strings.Contains(msg, "no such directory"):
		return LoadError, msg
	}
	return Other, msg
}

// classifyVerify classifies the go test or go vet output that gentest quoted
// after a failed verification.
func classifyVerify(out string) (Class, string) {
	out = strings.TrimLeft(out, "\n")
	switch {
	case buildHeaderRE.MatchString(out):
		// go test's build failure, or a type error go vet reports
		// ("vet: file:line: ...").
		return VerifyCompile, firstMatch(compileLineRE, out, verifyMarker)
	case testFailRE.MatchString(out):
		return VerifyRun, firstMatch(testFailRE, out, verifyMarker)
	case compileLineRE.MatchString(out):
		// go vet prints an analyzer's diagnostics as bare
		// "file:line:col: message" lines, with no header.
		return Vet, firstMatch(compileLineRE, out, verifyMarker)
	}
	return VerifyRun, verifyMarker + lastLine(out, " ")
}

// errorLine returns gentest's final error message: the last line that
// starts with "gentest: " and is not one of its progress lines, which name
// the package and a stage ("executor ready", "search:", ...) and are
// followed by more output. An error is the last "gentest: " line, so the
// last one is taken.
func errorLine(stderr string) string {
	lines := gentestLineRE.FindAllString(stderr, -1)
	if len(lines) == 0 {
		return ""
	}
	return strings.TrimSpace(lines[len(lines)-1])
}

// firstCompileLine returns ": " and the first compiler or go command message
// of out, or "". go test's setup failures indent theirs under the package
// ("\tx_test.go:12:2: use of internal package ... not allowed").
func firstCompileLine(out string) string {
	if m := anyCompileLineRE.FindString(out); m != "" {
		return ": " + strings.TrimSpace(m)
	}
	return ""
}

func firstMatch(re *regexp.Regexp, s, fallback string) string {
	if m := re.FindString(s); m != "" {
		return strings.TrimSpace(m)
	}
	return fallback
}

// lastLine returns prefix and the last non-blank line of s, or "" if s is
// blank.
func lastLine(s, prefix string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return prefix + strings.TrimSpace(s)
}

// FileLine returns the first compiler message of out about file (a base
// name), else the first compiler message at all, else out's last line: the
// line that says why a generated file did not compile.
func FileLine(out, file string) string {
	out = strings.ReplaceAll(out, "\r\n", "\n")
	for _, m := range compileLineRE.FindAllString(out, -1) {
		if strings.Contains(m, file+":") {
			return strings.TrimSpace(m)
		}
	}
	return firstMatch(compileLineRE, out, lastLine(out, ""))
}

// FailedLine returns the first test failure of go test output, with the
// first test log message ("    x_test.go:12: ..."), which in plain output
// follows the FAIL line and in verbose output precedes it: "--- FAIL:
// TestX/case_2 (0.00s) | x_test.go:12: got 2". A subtest's FAIL line is
// preferred to its parent's. A panic or fatal error line is taken if no
// test failed.
func FailedLine(out string) string {
	out = strings.ReplaceAll(out, "\r\n", "\n")
	lines := strings.Split(out, "\n")
	fail := ""
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if !strings.HasPrefix(t, "--- FAIL: ") {
			continue
		}
		fail = t
		for _, n := range lines[i+1:] {
			n = strings.TrimSpace(n)
			if !strings.HasPrefix(n, "--- FAIL: ") {
				break
			}
			fail = n
		}
		break
	}
	if fail == "" {
		for _, l := range lines {
			if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") {
				return strings.TrimSpace(l)
			}
		}
		return lastLine(out, "")
	}
	if m := testLogRE.FindString(out); m != "" {
		return fail + " | " + strings.TrimSpace(m)
	}
	return fail
}

// testLogRE matches a test's log line: t.Errorf and friends print it
// indented, prefixed with the file and line.
var testLogRE = regexp.MustCompile(`(?m)^\s+\S+_test\.go:\d+: .*$`)
