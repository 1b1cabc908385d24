#!/bin/sh
# master2.sh: final measurements with gentest-final (4ce03c2), never more than 2 heavy processes.
cd /tmp/cost17e
while [ ! -f res/master.done ]; do sleep 5; done
./bufio-ab.sh > res/bufio-ab-final.txt 2>&1
(cd /work/wt/cost17e && echo "# $(date -u +%T) $(uptime | sed 's/.*load/load/') final=4ce03c2" > /tmp/cost17e/res/fzgen-bufio-final.log; sh bench/scripts/fzgen-compare.sh -budget 30s -seed 1 -work /tmp/cost17e/fz4 /tmp/cost17e/gentest-final /tmp/cost17e/fzgen std:bufio > /tmp/cost17e/res/fzgen-bufio-final.csv 2>>/tmp/cost17e/res/fzgen-bufio-final.log) &
./abjobs2.sh 1 jobs5.txt execs-final.txt
wait
echo "# $(date -u +%T) $(uptime | sed 's/.*load/load/')" > res/stalled-5s.txt
./run1.sh /tmp/cost17e/gentest-base stalled 1 budget=5s base >> res/stalled-5s.txt &
./run1.sh /tmp/cost17e/gentest-final stalled 1 budget=5s final >> res/stalled-5s.txt
wait
echo done > res/master2.done
