#!/bin/sh
# Commands behind NOTES.md (run from the repository root; W is a scratch dir).
set -eu
W=${W:-/tmp/deadline17g}
mkdir -p "$W"
git -C . worktree add -f "$W/beforewt" 9ce38d6 --detach 2>/dev/null || true
(cd "$W/beforewt" && go build -o "$W/gentest-before" ./cmd/gentest)
go build -o "$W/gentest-after" ./cmd/gentest
go build -o "$W/gb" ./cmd/gentest-bench
(grep -e 'sergi/go-diff' -e regexp2 bench/corpus.txt | sed 's/ *#.*//') > "$W/subj.txt"
# Scratch copies of go-diff and regexp2 (gentest-bench keeps them under work/).
"$W/gb" -smoke -j 1 -subjects "$W/subj.txt" -budget 2s -gentest "$W/gentest-before" -out "$W/prep" -work "$W/work" -keep
for v in before after; do
	rm -rf "$W/gd-$v"; cp -r "$W"/work/*go-diff*/gen-full-seed1-2s "$W/gd-$v"
	rm -f "$W/gd-$v"/diffmatchpatch/*_gentest_test.go
done
# go-diff, -execs=5000 (one after the other), then -budget=30s (both at once).
(cd "$W/gd-before/diffmatchpatch" && GENTEST_DEBUG=1 "$W/gentest-before" gen -json -seed=1 -execs=5000 . >"$W/before-5k.json" 2>"$W/before-5k.err")
(cd "$W/gd-after/diffmatchpatch" && GENTEST_DEBUG=1 "$W/gentest-after" gen -json -seed=1 -execs=5000 . >"$W/after-5k.json" 2>"$W/after-5k.err")
rm -f "$W"/gd-*/diffmatchpatch/*_gentest_test.go
(cd "$W/gd-before/diffmatchpatch" && "$W/gentest-before" gen -q -json -seed=1 -budget=30s . >"$W/before-30s.json") &
(cd "$W/gd-after/diffmatchpatch" && GENTEST_DEBUG=1 "$W/gentest-after" gen -json -seed=1 -budget=30s . >"$W/after-30s.json" 2>"$W/after-30s.err") &
wait
# The fixture's end-to-end test, before (fixture and test copied into
# steady17f's commit) and after.
mkdir -p "$W/beforewt/testdata/gen/deadline"
cp testdata/gen/deadline/deadline.go "$W/beforewt/testdata/gen/deadline/"
cp generator/clock_test.go "$W/beforewt/generator/clock_test.go"
(cd "$W/beforewt" && go test -count=1 -run TestClockDeadlineOnly ./generator/) || true
go test -count=1 -run TestClockDeadlineOnly ./generator/
# Determinism: the public subjects, and go-diff and regexp2.
grep -v '^#' bench/subjects.txt | grep -v '^$' > "$W/det-subjects.txt"
bash bench/scripts/determinism.sh "$W/det-subjects.txt" 3000 "$W/gentest-after"
bash bench/scripts/determinism.sh "$W/subj.txt" 3000 "$W/gentest-after"
bash bench/scripts/determinism.sh "$W/subj.txt" 3000 "$W/gentest-before"
