#!/bin/sh
# Commands behind NOTES.md (run from the repository root; W is a scratch dir).
set -eu
W=${W:-/tmp/steady17f}
mkdir -p "$W"
go build -o "$W/gentest" ./cmd/gentest
git -C . worktree add -f "$W/mainwt" main --detach 2>/dev/null || true
(cd "$W/mainwt" && go build -o "$W/gentest-main" ./cmd/gentest)
go build -o "$W/gb" ./cmd/gentest-bench
grep regexp2 bench/corpus.txt > "$W/subj.txt"
# A scratch copy of regexp2 (gentest-bench keeps it under work/).
"$W/gb" -smoke -j 1 -subjects "$W/subj.txt" -budget 2s -gentest "$W/gentest-main" -out "$W/prep" -work "$W/work" -keep
for v in main new; do
	rm -rf "$W/r2-$v"; cp -r "$W"/work/01-github.com_dlclark_regexp2/gen-full-seed1-2s "$W/r2-$v"
	rm -f "$W/r2-$v/regexp2_gentest_test.go"
done
# Fixed -execs, both sides at once.
for n in 3000 20000; do
	(cd "$W/r2-main" && "$W/gentest-main" gen -q -json -seed=1 -execs=$n . >"$W/main-$n.json") &
	(cd "$W/r2-new" && GENTEST_DEBUG=1 "$W/gentest" gen -json -seed=1 -execs=$n . >"$W/new-$n.json" 2>"$W/new-$n.err") &
	wait
	rm -f "$W"/r2-*/regexp2_gentest_test.go
done
# -budget=30s, both sides at the same time.
(cd "$W/r2-main" && "$W/gentest-main" gen -q -json -seed=1 -budget=30s . >"$W/main-30s.json") &
(cd "$W/r2-new" && "$W/gentest" gen -q -json -seed=1 -budget=30s . >"$W/new-30s.json") &
wait
# Determinism: branch against itself, and task 1 alone against tasks 1+2.
(grep -v '^#' bench/subjects.txt | grep -v '^$'; cat "$W/subj.txt") > "$W/det-subjects.txt"
bash bench/scripts/determinism.sh "$W/det-subjects.txt" 3000 "$W/gentest"
# The fixture's end-to-end test (two runs, the same file, >= 85% written).
go test -count=1 -run 'TestClockTimeoutNeverFires|TestClock|TestReadable' ./generator/
# Task 2.
go test -run XXX -bench SteadyMask -benchtime 2000x ./generator/
