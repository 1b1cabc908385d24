#!/bin/sh
# bufio-ab.sh: base and head on the bufio scratch copy at the same time, seed 1, 10 s then 30 s.
cd /tmp/cost17e
for b in 10s 30s; do
  echo "# $(date -u +%H:%M:%S) $(uptime | sed 's/.*load/load/')"
  ./run1.sh /tmp/cost17e/gentest-base bufio 1 budget=$b base > res/ab-base-$b.txt &
  ./run1.sh /tmp/cost17e/gentest-final bufio 1 budget=$b final > res/ab-final-$b.txt
  wait
  cat res/ab-base-$b.txt res/ab-final-$b.txt
done
