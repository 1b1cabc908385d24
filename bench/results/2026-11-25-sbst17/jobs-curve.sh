#!/bin/sh
# Prints the job lines of the fixture runs (testdata/gen/relations in a
# scratch module at FIXTURE, 20 s, three engines, seeds 1-3) and of the
# coverage curve (random and hybrid; uuid, semver, glob; 2-60 s). Run like
# jobs-engines.sh.
W=${WORK:-/tmp/sbst17/prep/work}
F=${FIXTURE:-/tmp/sbst17/fixture/relations/tpl}
for seed in 1 2 3; do
	for e in random hybrid sbst; do
		echo "$F pkg $e 20s $seed -engine=$e"
	done
done
for b in 2s 5s 10s 20s 30s 60s; do
	for n in 05-github.com_google_uuid 06-github.com_Masterminds_semver_v3 09-github.com_gobwas_glob; do
		for e in random hybrid; do
			echo "$W/$n/gen-full-seed1-2s . curve-$e $b 1 -engine=$e"
		done
	done
done
