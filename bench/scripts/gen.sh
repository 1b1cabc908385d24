#!/usr/bin/env bash
# gen.sh: one gentest gen run on a fresh copy of a subject, and one CSV line
# of what it did: the unit of the engine, ablation, A/B-at-fixed-executions,
# curve and memory measurements, where gentest's own -json numbers suffice
# (gentest-bench measures more: human and combined coverage, flakiness).
#
# usage: bench/scripts/gen.sh [-out DIR] [-label L] [-csv FILE] GENTEST SUBJECT [GEN FLAGS...]
#   GENTEST    a gentest binary
#   SUBJECT    "std:container/ring", "github.com/google/uuid@v1.6.0:." (a line
#              of a subjects file with ':' for the space), or a directory: a
#              module (a copy gentest-bench -keep left), or a package without
#              go.mod (testdata/gen/relations), made the module example.com/NAME
#   GEN FLAGS  gentest gen flags after -q -json (-budget=20s -seed=1 -engine=sbst
#              -execs=3000 -no=local-search -cpuprofile=F); gentest's own
#              defaults otherwise. The environment passes through
#              (GENTEST_DEBUG=1, GENTEST_STAGES=FILE, GENTEST_TRACE=FILE).
#   -out DIR   keep LABEL.json (the summary), LABEL.stderr and LABEL.go (the
#              file written) there; default: nothing is kept
#   -label L   the run's name (default: the subject and the flags)
#   -csv FILE  also append the line to FILE, with the header when FILE is new
#   -header    print the CSV header and exit
# GENTEST_BENCH names a prebuilt gentest-bench (default: built from this
# checkout for each run; cached by go build).
#
# Human tests and files gentest wrote before are removed from the copy, which
# is deleted at the end. Prints one CSV line (header: gen.sh -header):
#   label,subject,package,rc,wall_seconds,cpu_seconds,gen_reported_cov,tests,
#   findings,execs,execs_per_sec,peak_rss_mb,peak_rss_total_mb,prep_peak_rss_mb,
#   search_start_seconds,flags
# Coverage is gentest's own, in percent: statement coverage of the package by
# the file it wrote. cpu_seconds is user+system time of gentest and all its
# children. gentest-bench -compare reads these lines (column gen_reported_cov,
# or any other with TABLE#COLUMN).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
header=label,subject,package,rc,wall_seconds,cpu_seconds,gen_reported_cov,tests,findings,execs,execs_per_sec,peak_rss_mb,peak_rss_total_mb,prep_peak_rss_mb,search_start_seconds,flags
out="" label="" csv=""
while [ $# -gt 0 ]; do
	case $1 in
	-out) out=$(abspath "$2"); shift 2 ;;
	-label) label=$2; shift 2 ;;
	-csv) csv=$(abspath "$2"); shift 2 ;;
	-header) echo "$header"; exit 0 ;;
	-h | -help | --help) usage ;;
	*) break ;;
	esac
done
[ $# -ge 2 ] || usage
gentest=$(abspath "$1") subj=$2
shift 2
flags="$*"
[ -n "$label" ] || label=$(echo "$subj $flags" | tr -c 'A-Za-z0-9.=\n-' '_')
work=$(mktemp -d)
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
tool=$(bench_tool "$work") || exit 2
pkgdir=$(bench_prepare "$tool" "$subj" "$work/copy") || {
	echo "gen.sh: cannot copy $subj" >&2
	exit 2
}
# The package's import path as gentest-bench's tables name it.
case $subj in
std:*) pkg=${subj#std:} ;;
*@*:.) pkg=${subj%@*} ;;
*@*:*) pkg=${subj%@*}/${subj#*:} ;;
*) pkg="" ;;
esac

TIMEFORMAT='%R %U %S'
{ time (cd "$pkgdir" && "$gentest" gen -q -json "$@" . >"$work/gen.json" 2>"$work/gen.stderr"); } 2>"$work/time"
rc=$?
read -r wall user sys <"$work/time"
sum=$("$tool" -summary "$work/gen.json" 2>/dev/null)
[ -n "$pkg" ] || pkg=${sum%%,*}
line="$label,$subj,$pkg,$rc,$wall,$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }'),${sum#*,},\"$flags\""
echo "$line"
if [ -n "$csv" ]; then
	mkdir -p "$(dirname "$csv")"
	[ -s "$csv" ] || echo "$header" >"$csv"
	echo "$line" >>"$csv"
fi
if [ -n "$out" ]; then
	mkdir -p "$out"
	cp "$work/gen.json" "$out/$label.json"
	cp "$work/gen.stderr" "$out/$label.stderr"
	f=$(ls "$pkgdir"/*_gentest_test.go 2>/dev/null | head -1)
	[ -z "$f" ] || cp "$f" "$out/$label.go"
fi
[ "$rc" = 0 ]
