#!/bin/bash
# matrix2.sh: the final binary on every subject and seed, 2 at a time.
for seed in 1 2 3; do
  for pair in "kt csv" "uuid semver" "glob"; do
    for s in $pair; do /tmp/written17e/run.sh /tmp/written17e/gentest-final final $s $seed & done
    wait
  done
  echo "$(date -u +%T) done seed $seed $(uptime | sed 's/.*load/load/')"
done
