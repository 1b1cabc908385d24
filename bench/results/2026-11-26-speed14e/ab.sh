#!/bin/bash
# ab.sh OUTDIR ROUNDS BIN... : alternate the executor benchmark of each test
# binary (go test -c ./generator/exec), ROUNDS times, from this checkout's
# generator/exec (the benchmark builds testdata/gen/cheap from there, each
# binary with its own embedded runtime); the load goes to OUTDIR/load.txt.
out=$(realpath -m "$1"); rounds=$2; shift 2
mkdir -p "$out"
cd "$(dirname "$0")/../../../generator/exec"
for r in $(seq $rounds); do
  echo "round $r: $(uptime)" >> "$out/load.txt"
  for b in "$@"; do
    n=$(basename $b .test)
    $b -test.run='^$' -test.bench='Executor|Direct' -test.benchtime=300000x -test.count=1 2>&1 | grep -E '^(Benchmark|goos|goarch|pkg|cpu)' >> "$out/$n.txt"
  done
done
