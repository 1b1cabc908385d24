#!/usr/bin/env bash
# executor-ab.sh: an alternated A/B of the executor's micro-benchmarks
# (BenchmarkExecutor, BenchmarkDirect: CPU per sequence of the executor and
# of the parent, and the overhead against direct calls) between builds of
# gentest: each round runs every binary once, in turn, so that load that
# comes and goes falls on all of them alike.
#
# usage: bench/scripts/executor-ab.sh [-bench REGEXP] [-benchtime N] OUT ROUNDS NAME=TESTBIN...
#   OUT      the output directory: OUT/NAME.txt, the benchmark lines of each
#            binary (benchstat's input), OUT/load.txt the load at each round
#   ROUNDS   how many rounds (8 to 12 gave p < 0.05 for a 8% change on a
#            loaded 2-core machine)
#   NAME=TESTBIN  a test binary of the executor package built at the commit to
#            measure: git worktree add ../b COMMIT && (cd ../b && go test -c
#            -o /path/b.test ./internal/executor); before b5f2d34 the package
#            was ./generator/exec
#   -bench   the benchmarks (default 'Executor|Direct')
#   -benchtime  iterations per run (default 300000x)
# The binaries run from this checkout's internal/executor, where the
# benchmark finds its fixture (../../testdata/gen/cheap). Compare with
# benchstat (go run golang.org/x/perf/cmd/benchstat@latest OUT/A.txt OUT/B.txt).
set -uo pipefail
. "$(dirname "$0")/lib.sh"
bench='Executor|Direct' benchtime=300000x
while [ $# -gt 0 ]; do
	case $1 in
	-bench) bench=$2; shift 2 ;;
	-benchtime) benchtime=$2; shift 2 ;;
	*) break ;;
	esac
done
if [ $# -lt 3 ]; then
	usage
fi
out=$(abspath "$1") rounds=$2
shift 2
names=() bins=()
for c in "$@"; do
	names+=("${c%%=*}") bins+=("$(abspath "${c#*=}")")
done
mkdir -p "$out"
cd "$bench_root/internal/executor" || exit 2
for r in $(seq "$rounds"); do
	echo "round $r: $(uptime)" >>"$out/load.txt"
	for i in "${!names[@]}"; do
		"${bins[$i]}" -test.run='^$' -test.bench="$bench" -test.benchtime="$benchtime" -test.count=1 2>&1 |
			grep -E '^(Benchmark|goos|goarch|pkg|cpu)' >>"$out/${names[$i]}.txt"
	done
done
echo "benchstat: go run golang.org/x/perf/cmd/benchstat@latest $out/*.txt" >&2
