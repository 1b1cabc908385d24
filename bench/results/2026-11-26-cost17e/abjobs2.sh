#!/bin/sh
# abjobs.sh P: runs res/$2 (BIN SUBJECT SEED MODE LABEL per line) P at a time with run1.sh, appends to res/$3
cd /tmp/cost17e
echo "# start $(date -u +%H:%M:%S) $(uptime | sed 's/.*load/load/')" >> res/$3
xargs -P $1 -L 1 ./run1.sh < res/$2 >> res/$3 2>&1
echo "# end $(date -u +%H:%M:%S) $(uptime | sed 's/.*load/load/')" >> res/$3
