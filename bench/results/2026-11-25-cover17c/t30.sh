#!/bin/sh
cd /tmp/cover17c
for s in 12-github.com_emirpasic_gods_trees_redblacktree 09-github.com_gobwas_glob 06-github.com_Masterminds_semver_v3 13-github.com_emirpasic_gods_stacks_arraystack 11-github.com_emirpasic_gods_lists_arraylist 08-github.com_shopspring_decimal; do
  ./ab.sh $s base 1 30s & ./ab.sh $s head 1 30s; wait
done
