#!/bin/bash
# matrix.sh: base and fix side by side (2 processes at once), per subject and seed.
for seed in ${SEEDS:-1 2 3}; do for s in ${SUBJ:-kt csv uuid semver glob}; do
  /tmp/written17e/run.sh /tmp/written17e/gentest-base base $s $seed &
  /tmp/written17e/run.sh /tmp/written17e/gentest-fix fix $s $seed
  wait
  echo "$(date -u +%T) done $s $seed $(uptime | sed 's/.*load/load/')"
done; done
