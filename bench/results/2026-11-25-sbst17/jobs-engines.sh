#!/bin/sh
# Prints the job lines of the engine comparison and the ablation (one
# run1.sh argument list per line, after GENTEST and the work dir), in an
# order that interleaves the configurations of each subject so that they
# run under the same load. Run with:
#   sh jobs-engines.sh | xargs -P 4 -L 1 sh -c 'exec ./run1.sh "$0" "$@"' GENTEST >> engines.jsonl
W=${WORK:-/tmp/sbst17/prep/work}
. "$(dirname "$0")/subjects.sh"
# 1. engines, seed 1, all subjects, 20 s.
for s in $SUBJECTS; do
	n=${s%%:*} p=${s#*:}
	for e in random hybrid sbst; do
		echo "$W/$n/gen-full-seed1-2s $p $e 20s 1 -engine=$e"
	done
done
# 2. local search and input-to-state off, the hybrid engine, the subjects
# not saturated at 2 s (the random engine's ablation, dropped from this
# run for time, is in ../2026-11-23-sbst).
for n in 05-github.com_google_uuid 06-github.com_Masterminds_semver_v3 08-github.com_shopspring_decimal 09-github.com_gobwas_glob 12-github.com_emirpasic_gods_trees_redblacktree 03-text_tabwriter; do
	p=.
	case $n in 12-*) p=trees/redblacktree ;; 03-*) p=text/tabwriter ;; esac
	for e in hybrid; do
		echo "$W/$n/gen-full-seed1-2s $p $e-no-ls 20s 1 -engine=$e -no=local-search"
		echo "$W/$n/gen-full-seed1-2s $p $e-no-i2s 20s 1 -engine=$e -no=input-to-state"
		echo "$W/$n/gen-full-seed1-2s $p $e-no-ls-i2s 20s 1 -engine=$e -no=local-search,input-to-state"
	done
done
# 3. seeds 2 and 3 of the engines on uuid, semver and glob.
for seed in 2 3; do
	for n in 05-github.com_google_uuid 06-github.com_Masterminds_semver_v3 09-github.com_gobwas_glob; do
		for e in random hybrid sbst; do
			echo "$W/$n/gen-full-seed1-2s . $e 20s $seed -engine=$e"
		done
	done
done
