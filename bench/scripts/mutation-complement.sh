#!/usr/bin/env bash
# mutation-complement.sh: complement mode (issue 30, Deliver 4) measured per
# subject: gentest gen in a copy that keeps the package's own tests, once
# with complement mode (the default) and once with -no=complement, each
# summary's coverage and mutation score before (own tests) and after (own
# tests and the file), and the written file's size.
#
# usage: bench/scripts/mutation-complement.sh [-budget 30s] [-seed 1] [-j 1] [-keep] SUBJECTS OUT GENTEST
#   SUBJECTS   a subjects file (bench/subjects.txt); a package without tests
#              of its own has no complement measurement (both runs alike)
#   OUT        output directory: OUT/NN-package/{on,off}.json (gentest -json),
#              {on,off}.stderr, {on,off}.go (the file written), and
#              OUT/complement.csv, one line per subject:
#                subject,own_tests,cov_before,cov_after,mutants,killed_before,
#                killed_after,score_before,score_after,on_tests,on_lines,
#                off_tests,off_lines,on_seconds,off_seconds,error
#              (score_* -1: not measured; *_lines: lines of the file written)
#   GENTEST    the gentest binary measured
#   -budget D  gentest gen -budget (default 30s); -seed N its -seed (default 1)
#   -j N       subjects at once (default 1); the two runs of a subject run
#              one after the other, so that they share the machine alike
#   -keep      keep the complement-mode copy as OUT/NN-package/copy (own
#              tests and the file: for `gentest mutate -include/-exclude`)
#
#        bench/scripts/mutation-complement.sh -table OUT
#   prints OUT/complement.csv as Markdown: before -> after per package, the
#   file's size on against off, and the totals
# GENTEST_BENCH names a prebuilt gentest-bench (default: built from this checkout).
#
# The copy is gentest-bench's (-prepare: human tests removed) with the own
# *_test.go files put back from the module cache or GOROOT; a std package's
# tests that import the package by its std path are pointed at the copy, as
# gentest-bench does for its human-test measurement.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
budget=30s seed=1 jobs=1 keep=0
if [ "${1:-}" = -table ]; then
	[ $# -eq 2 ] || usage
	python3 - "$2/complement.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print("| subject | own test files | coverage own -> own + file % | mutants (judged) | killed own -> own + file | score own -> own + file % | own + file over own's judged % | tests on / off | lines on / off | note |")
print("|---|--:|--:|--:|--:|--:|--:|--:|--:|---|")
sc = lambda v: "NA" if v in ("", "-1", "-1.0") else "%.1f" % float(v)
more = below = 0
# The summary has no count of judged mutants; the score is killed over
# judged, so judged = killed / score (those left out ran out of the own
# tests' time bound, generator.ownBudget).
# The summary's score_after leaves out of its denominator the mutants the
# second analysis did not reach in its time bound, though the own tests had
# left them alive; this column keeps them in: killed_after over the
# mutants judged before.
def fair(r):
    try:
        return "%.1f" % (float(r["score_before"]) * int(r["killed_after"]) / int(r["killed_before"]))
    except (ValueError, ZeroDivisionError):
        return "NA"
def judged(r):
    try:
        return "%s (%d)" % (r["mutants"], round(100 * int(r["killed_before"]) / float(r["score_before"])))
    except (ValueError, ZeroDivisionError):
        return r["mutants"] or "NA"
ton = toff = lon = loff = 0
for r in rows:
    print("| %s | %s | %s -> %s | %s | %s -> %s | %s -> %s | %s | %s / %s | %s / %s | %s |" % (
        r["subject"], r["own_tests"], r["cov_before"] or "NA", r["cov_after"] or "NA", judged(r),
        r["killed_before"] or "NA", r["killed_after"] or "NA", sc(r["score_before"]), sc(r["score_after"]), fair(r),
        r["on_tests"], r["off_tests"], r["on_lines"], r["off_lines"], r["error"]))
    if r["score_before"] not in ("", "-1") and float(r["score_before"]) < 100:
        below += 1
        more += int(r["killed_after"] or 0) > int(r["killed_before"] or 0)
    if r["on_tests"] and r["off_tests"]:
        ton += int(r["on_tests"]); toff += int(r["off_tests"]); lon += int(r["on_lines"]); loff += int(r["off_lines"])
print()
print("- %d packages; own + file kills more than own alone on **%d of %d** where own < 100%%." % (len(rows), more, below))
print("- Written file, complement on against -no=complement, summed: **%d against %d tests, %d against %d lines**." % (ton, toff, lon, loff))
PY
	exit
fi
while [ $# -gt 0 ]; do
	case $1 in
	-budget) budget=$2; shift 2 ;;
	-seed) seed=$2; shift 2 ;;
	-j) jobs=$2; shift 2 ;;
	-keep) keep=1; shift ;;
	-h | -help | --help) usage ;;
	*) break ;;
	esac
done
[ $# -eq 3 ] || usage
subjects=$1 out=$(abspath "$2") gentest=$(abspath "$3")
[ -x "$gentest" ] || { echo "mutation-complement.sh: $gentest is not an executable" >&2; exit 2; }
mkdir -p "$out"
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
tool=$(bench_tool "$work") || exit 2
csv=$out/complement.csv
[ -f "$csv" ] || echo subject,own_tests,cov_before,cov_after,mutants,killed_before,killed_after,score_before,score_after,on_tests,on_lines,off_tests,off_lines,on_seconds,off_seconds,error >"$csv"

# own_tests_dir SUBJECT: the directory holding the subject's own tests.
own_tests_dir() {
	local mod=${1%%:*} dir=${1#*:}
	if [ "$mod" = std ]; then
		GOWORK=off go list -f '{{.Dir}}' "$dir"
		return
	fi
	local root
	root=$(cd "$work" && GOWORK=off GOFLAGS=-mod=mod go mod download -json "$mod" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
	[ -n "$root" ] && echo "$root/$dir"
}

# copy_with_tests SUBJECT DEST: a scratch copy of SUBJECT with its own tests;
# prints the package directory.
copy_with_tests() {
	local subj=$1 dest=$2 pkgdir src f
	pkgdir=$(bench_prepare "$tool" "$subj" "$dest") || return 1
	src=$(own_tests_dir "$subj") || return 1
	for f in "$src"/*_test.go; do
		[ -f "$f" ] || continue
		cp "$f" "$pkgdir/" && chmod u+w "$pkgdir/$(basename "$f")"
		if [ "${subj%%:*}" = std ]; then
			# External tests import the std path; the copy is benchstd/PATH.
			sed -i "s#\"${subj#*:}\"#\"benchstd/${subj#*:}\"#" "$pkgdir/$(basename "$f")"
		fi
	done
	echo "$pkgdir"
}

measure() {
	local nn=$1 subj=$2 slug=$3 d=$out/$nn-$slug c pkg mode flags t0 t1 secs on_s off_s name
	mkdir -p "$d"
	for mode in on off; do
		c=$work/$nn-$mode
		pkg=$(copy_with_tests "$subj" "$c") || { echo "$subj,,,,,,,,,,,,,,,copy failed" >>"$csv"; return; }
		flags=""
		[ $mode = off ] && flags=-no=complement
		t0=$(date +%s.%N)
		# shellcheck disable=SC2086
		(cd "$pkg" && GOWORK=off "$gentest" gen -budget="$budget" -seed="$seed" -json $flags . >"$d/$mode.json" 2>"$d/$mode.stderr")
		t1=$(date +%s.%N)
		secs=$(echo "$t1 - $t0" | bc)
		name=$(grep -o '"file":"[^"]*"' "$d/$mode.json" | head -1 | cut -d'"' -f4)
		[ -n "$name" ] && [ -f "$pkg/$(basename "$name")" ] && cp "$pkg/$(basename "$name")" "$d/$mode.go"
		if [ $mode = on ]; then
			on_s=$secs
			if [ $keep = 1 ]; then
				rm -rf "$d/copy" && cp -r "$c" "$d/copy"
			fi
		else
			off_s=$secs
		fi
		chmod -R u+w "$c" 2>/dev/null
		rm -rf "$c"
	done
	local lines_on lines_off
	lines_on=$( [ -f "$d/on.go" ] && wc -l <"$d/on.go" || echo 0)
	lines_off=$( [ -f "$d/off.go" ] && wc -l <"$d/off.go" || echo 0)
	# The summaries are one JSON object each; python3 reads them.
	python3 - "$subj" "$d/on.json" "$d/off.json" "$lines_on" "$lines_off" "$on_s" "$off_s" >>"$csv" <<'PY'
import json, sys
subj, on_path, off_path, lines_on, lines_off, on_s, off_s = sys.argv[1:]
def load(p):
    try:
        return json.load(open(p))
    except (OSError, ValueError):
        return {}
on, off = load(on_path), load(off_path)
c = on.get("complement") or {}
pct = lambda v: "" if v is None else "%.1f" % (100 * v)
row = [subj, len(c.get("own_tests", [])), pct(on.get("coverage_before")), pct(on.get("coverage_after")),
       c.get("mutants", ""), c.get("killed_before", ""), c.get("killed_after", ""),
       c.get("score_before", ""), c.get("score_after", ""), on.get("tests", ""), lines_on,
       off.get("tests", ""), lines_off, "%.0f" % float(on_s), "%.0f" % float(off_s),
       (c.get("error") or ("" if on else "no summary")).replace(",", ";").replace("\n", " ")[:200]]
print(",".join(str(x) for x in row))
PY
}

n=0
while read -r subj; do
	n=$((n + 1))
	nn=$(printf '%02d' "$n")
	slug=$(echo "${subj#*:}" | tr -c 'A-Za-z0-9.\n-' '_')
	[ "${subj%%:*}" = std ] || slug=$(echo "${subj%@*}/${subj#*:}" | tr -c 'A-Za-z0-9.\n-' '_')
	while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do
		wait -n
	done
	echo "$(date -u +%T) $nn $subj load $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)" >>"$out/complement.log"
	measure "$nn" "$subj" "$slug" &
done < <(subject_lines "$subjects")
wait
