#!/bin/bash
# ab.sh OUTDIR ROUNDS BIN... : speed14e's alternating A/B of the executor
# benchmark, unchanged (see ../2026-11-26-speed14e/ab.sh): each round runs
# -test.bench='Executor|Direct' -test.benchtime=300000x on each test binary
# (go test -c ./generator/exec) in turn, and logs uptime to OUTDIR/load.txt.
exec "$(dirname "$0")/../2026-11-26-speed14e/ab.sh" "$@"
