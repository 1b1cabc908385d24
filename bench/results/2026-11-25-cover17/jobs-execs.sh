#!/bin/sh
# A/B at a fixed execution count, seed 1: base (main at f990b32) and new (cover17), back to back per subject.
W=/tmp/cover17/work
for s in 01-container_list:10000 02-container_ring:30000 03-text_tabwriter:2000 04-encoding_csv:30000 05-github.com_google_uuid:30000 06-github.com_Masterminds_semver_v3:30000 07-github.com_dustin_go-humanize:30000 08-github.com_shopspring_decimal:2000 09-github.com_gobwas_glob:30000 10-github.com_hashicorp_golang-lru_v2_simplelru:30000 11-github.com_emirpasic_gods_lists_arraylist:3000 12-github.com_emirpasic_gods_trees_redblacktree:5000 13-github.com_emirpasic_gods_stacks_arraystack:3000; do
  d=${s%%:*}; n=${s##*:}
  for g in base new; do echo "/tmp/cover17/gentest-$g $W/$d $g 1 $n"; done
done
