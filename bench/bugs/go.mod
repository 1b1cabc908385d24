// The reproducers of the bug benchmark form a module of their own: each
// needs its buggy module version, which bench/scripts/bugs-verify.sh and
// bugs.sh require in a scratch copy; gentest's own module builds without them.
module github.com/gentest-go/gentest/bench/bugs

go 1.24
