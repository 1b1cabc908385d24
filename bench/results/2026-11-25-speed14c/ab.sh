#!/bin/bash
# ab.sh OUTDIR ROUNDS BIN... : alternate the executor benchmark of each test binary
out=$1; rounds=$2; shift 2
mkdir -p $out
cd /work/wt/speed14c/generator/exec
for r in $(seq $rounds); do
  for b in "$@"; do
    n=$(basename $b .test)
    $b -test.run='^$' -test.bench='Executor|Direct' -test.benchtime=300000x -test.count=1 2>&1 | grep -E '^(Benchmark|goos|goarch|pkg|cpu)' >> $out/$n.txt
  done
done
