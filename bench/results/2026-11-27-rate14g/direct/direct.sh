#!/bin/bash
# direct.sh OUT [CASE...]: cases of main.go under /usr/bin/time, one process
# each, killed after LIMIT (60 s) wall; humanize cases with the executor's
# memory cap (-memcap).
out=${1:-direct.out}; shift
cs="$*"
[ -z "$cs" ] && cs="tabwriter-self-ff tabwriter-cycle-nl tabwriter-normal humanize-commaf-1e7 humanize-commaf-1e8 humanize-commaf-1e9 humanize-commaf-2^40 humanize-normal decimal-exphullabrham-53 decimal-exphullabrham-2^31 decimal-sqrtround-2^31-1 decimal-ln-2^31-1 decimal-normal arraylist-self-marshal arraylist-self-string redblacktree-self-marshal arraystack-self-tojson arraystack-self-string gods-normal"
for c in $cs; do
  flags=""
  case $c in humanize-*) flags=-memcap;; esac
  echo "=== $c ($(uptime | sed 's/.*load/load/'))" >> "$out"
  /usr/bin/time -o /tmp/rate14g/d/all/time1.txt -f "$c: user %U s, sys %S s, wall %e s, maxrss %M KB, exit %x" \
    timeout -s KILL ${LIMIT:-120} ./direct -cpucap=${CPUCAP:-10s} $flags "$c" > /tmp/rate14g/d/all/last.txt 2>&1
  grep -E "fatal error|returned|cap passed|exceeds|still running" /tmp/rate14g/d/all/last.txt | head -3 >> "$out"
  cat /tmp/rate14g/d/all/time1.txt >> "$out"
done
