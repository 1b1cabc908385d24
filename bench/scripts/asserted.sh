#!/usr/bin/env bash
# asserted.sh: the asserted fraction of the files gentest writes for a list
# of subjects (issue 31), and the counts a reviewer reads first: tests that
# check nothing but "must not panic", the notes that call a value unstable,
# and the fuzz targets. One gen.sh run per subject, at a fixed seed and
# execution count, so two gentest builds run the same search and their
# files differ only by what the builds decide.
#
# usage: bench/scripts/asserted.sh GENTEST OUT [GEN FLAGS...] < SUBJECTS
#   GENTEST    a gentest binary
#   OUT        a new or empty directory: LABEL.json, LABEL.go.txt (the file
#              written; .txt so that go build skips it), LABEL.stderr, gen.csv
#              and asserted.csv
#   SUBJECTS   a subjects file (bench/subjects.txt's form: "std container/list",
#              "github.com/google/uuid@v1.6.0 .", # comments)
#   GEN FLAGS  passed to gentest gen (default: -seed=1 -execs=3000 -budget=600s)
# GENTEST_BENCH names a prebuilt gentest-bench (see gen.sh).
#
# asserted.csv has one line per subject:
#   label,asserted,cases,unchecked,tests,fuzz,must_not_panic,unstable_notes,
#   cannot_be_written,lines
# asserted and cases are gentest's own (-json: the share of cases whose test
# checks what the target returned or changed); unchecked is cases minus the
# asserted ones, rounded; the rest are counted in the written file:
#   tests            top-level Test and Fuzz functions
#   fuzz             top-level Fuzz functions
#   must_not_panic   comments "... must not panic; <why>." (a target left
#                    unchecked)
#   unstable_notes   of those, the ones that call a value unstable ("may
#                    differ between runs", "depends on the clock",
#                    "not the same in two runs")
#   cannot_be_written  of those, "cannot be written in a test"
#   lines            lines of the file
# A last line "total" sums the counts and gives the asserted fraction over
# all cases.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 2 ] || usage
gentest=$(abspath "$1") out=$(abspath "$2")
shift 2
[ $# -gt 0 ] || set -- -seed=1 -execs=3000 -budget=600s
mkdir -p "$out"
csv=$out/asserted.csv
echo "label,asserted,cases,unchecked,tests,fuzz,must_not_panic,unstable_notes,cannot_be_written,lines" >"$csv"
grep -v '^#' | grep -v '^[[:space:]]*$' | while read -r a b; do
	subj="$a:$b"
	label=$(echo "$subj" | tr -c 'A-Za-z0-9.\n-' '_')
	nice -n 10 "$(dirname "$0")/gen.sh" -out "$out" -label "$label" -csv "$out/gen.csv" "$gentest" "$subj" "$@" >/dev/null
	f=$out/$label.go
	[ -f "$f" ] && mv "$f" "$f.txt"
	f=$f.txt
	asserted=$(json_num "$out/$label.json" asserted)
	cases=$(json_num "$out/$label.json" cases)
	count() { [ -f "$f" ] && grep -c -E "$1" "$f" || echo 0; }
	awk -v l="$label" -v a="${asserted:--1}" -v c="${cases:-0}" \
		-v t="$(count '^func (Test|Fuzz)')" -v z="$(count '^func Fuzz')" \
		-v m="$(count 'must not panic;')" \
		-v u="$(count 'must not panic;.*(differ between runs|depends on the clock|not the same in two runs)')" \
		-v w="$(count 'must not panic;.*cannot be written in a test')" \
		-v n="$( [ -f "$f" ] && wc -l <"$f" || echo 0)" \
		'BEGIN { u2 = (a >= 0) ? c - a * c : 0; printf "%s,%s,%d,%d,%d,%d,%d,%d,%d,%d\n", l, a, c, u2 + 0.5, t, z, m, u, w, n }' >>"$csv"
	# The scratch copy's path (gen.sh's mktemp directory/copy) is not
	# part of the result.
	sed -i -E 's#"/[^"]*/copy/#"COPY/#g' "$out/$label.json"
done
awk -F, 'NR > 1 && $2 >= 0 { c += $3; u += $4; t += $5; z += $6; m += $7; s += $8; w += $9; n += $10 }
	END { printf "total,%.4f,%d,%d,%d,%d,%d,%d,%d,%d\n", (c ? (c - u) / c : -1), c, u, t, z, m, s, w, n }' "$csv" >>"$csv"
cat "$csv"
