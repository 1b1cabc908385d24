#!/usr/bin/env bash
# bugs-current.sh: gentest on current releases (issue 32, "real bugs in
# current releases"): every finding of each package, with whether its test
# fails on that version, to triage by hand.
#
# usage: bench/scripts/bugs-current.sh [-budget 30s] [-seed 1] [-work DIR]
#                                      [-out DIR] GENTEST [SUBJECTS]
#   SUBJECTS  a subjects file (default: bench/findings/current.txt), lines
#             "<module>@<version> <package dir>"
# GENTEST_BENCH names a prebuilt gentest-bench (default: built from this
# checkout). With GENTEST_DEBUG=1, gentest's debug log is kept in
# WORK/<n>/gen.stderr. One package at a time; run it under nice.
#
# For each package: a scratch copy as gentest-bench -prepare makes it
# (human tests removed), `gentest gen -q -json -budget=B -seed=S .` in it,
# and each finding's test (TestFinding_*, build tag gentest_findings) run
# once more with go test (120 s timeout): FAIL (it reproduces), PASS or
# BUILD. Output in OUT:
#   packages.csv  subject,gen_rc,execs,findings
#   findings.csv  subject,kind,function,test,result
# The finding tests stay in WORK/<n>/ (the n-th subject) for triage.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
budget=30s seed=1 work="" out=""
while [ $# -gt 0 ]; do
	case $1 in
	-budget) budget=$2; shift 2 ;;
	-seed) seed=$2; shift 2 ;;
	-work) work=$(abspath "$2"); shift 2 ;;
	-out) out=$(abspath "$2"); shift 2 ;;
	-h | -help | --help) usage ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || usage
gentest=$(abspath "$1")
subjects=$(abspath "${2:-$bench_root/bench/findings/current.txt}")
[ -n "$work" ] || work=$(mktemp -d)
[ -n "$out" ] || out=$work
mkdir -p "$work" "$out"
tool=$(bench_tool "$work") || { echo "bugs-current.sh: cannot build gentest-bench" >&2; exit 1; }
secs=$(echo "$budget" | sed -n 's/^\([0-9]*\)s$/\1/p')
[ -n "$secs" ] || { echo "bugs-current.sh: -budget must be whole seconds (30s)" >&2; exit 2; }
export GOFLAGS="${GOFLAGS:-} -vet=off"

echo "subject,gen_rc,execs,findings" >"$out/packages.csv"
echo "subject,kind,function,test,result" >"$out/findings.csv"
n=0
for subj in $(subject_lines "$subjects"); do
	n=$((n + 1))
	d="$work/$n"
	rm -rf "$d"; mkdir -p "$d/gen"
	echo "bugs-current.sh: $subj ($(date -u +%H:%M:%S))" >&2
	dir=$(bench_prepare "$tool" "$subj" "$d/pkg" 2>"$d/prep.log") || {
		echo "$subj,prep-failed,0,0" >>"$out/packages.csv"
		continue
	}
	# With GENTEST_DEBUG set, gentest's log (why each failure the search
	# met was dropped) goes to gen.stderr: -q would discard it.
	q=-q
	[ -z "${GENTEST_DEBUG:-}" ] || q=
	(cd "$dir" && timeout $((secs + 600)) "$gentest" gen $q -json -budget="$budget" -seed="$seed" . >"$d/gen/gen.json" 2>"$d/gen.stderr")
	rc=$?
	"$tool" -findings "$d/gen" 2>/dev/null | grep -v DISAGREE >"$d/findings.tsv"
	nf=0
	while IFS=$'\t' read -r _ kind fn _ test; do
		[ -n "$test" ] || continue
		nf=$((nf + 1))
		if (cd "$dir" && timeout 300 go test -count=1 -timeout 120s -tags gentest_findings -run "^$test\$" . >"$d/$test.log" 2>&1); then
			r=PASS
		elif grep -q '\[build failed\]\|\[setup failed\]' "$d/$test.log"; then
			r=BUILD
		else
			r=FAIL
		fi
		echo "$subj,$kind,\"$fn\",$test,$r" >>"$out/findings.csv"
	done <"$d/findings.tsv"
	echo "$subj,$rc,$(json_num "$d/gen/gen.json" execs),$nf" >>"$out/packages.csv"
done
column -s, -t <"$out/packages.csv"
