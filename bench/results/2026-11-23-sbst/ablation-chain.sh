#!/bin/sh
# The public-subject runs of this table, in order (one seed, 20 s, on a
# 2-core machine shared with other jobs). GENTEST_BIN is gentest built at
# d679a9f (go build -o $GENTEST_BIN ./cmd/gentest); the baseline is main at
# f6de701, run the same way without gentest-engine.sh.
R=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)/bench/results/2026-11-23-sbst
go build -o /tmp/gentest-bench ./cmd/gentest-bench
B=/tmp/gentest-bench
export GENTEST_BIN
GENTEST_EXTRA="" $B -subjects $R/subjects.txt -budget 20s -gentest $R/gentest-engine.sh -ablate local-search,input-to-state -out /tmp/ab-random
GENTEST_EXTRA="-no=local-search,input-to-state" $B -subjects $R/subjects.txt -budget 20s -gentest $R/gentest-engine.sh -out /tmp/ab-random-off
GENTEST_EXTRA="-engine=sbst" $B -subjects $R/subjects.txt -budget 20s -gentest $R/gentest-engine.sh -out /tmp/ab-sbst
GENTEST_EXTRA="-engine=hybrid" $B -subjects $R/subjects.txt -budget 20s -gentest $R/gentest-engine.sh -out /tmp/ab-hybrid
GENTEST_EXTRA="-engine=sbst -no=local-search,input-to-state" $B -subjects $R/subjects.txt -budget 20s -gentest $R/gentest-engine.sh -out /tmp/ab-sbst-off
# Seed 2 (gentest-engine.sh rewrites the harness's -seed=1; the tables
# still say seed 1):
GENTEST_SEED=2 GENTEST_EXTRA="" $B -subjects $R/subjects.txt -budget 20s -gentest $R/gentest-engine.sh -out /tmp/s2-random
GENTEST_SEED=2 GENTEST_EXTRA="-engine=hybrid" $B -subjects $R/subjects.txt -budget 20s -gentest $R/gentest-engine.sh -out /tmp/s2-hybrid
GENTEST_SEED=2 GENTEST_EXTRA="-engine=sbst" $B -subjects $R/subjects.txt -budget 20s -gentest $R/gentest-engine.sh -out /tmp/s2-sbst
