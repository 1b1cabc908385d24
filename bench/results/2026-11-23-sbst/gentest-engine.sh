#!/bin/sh
# Runs gentest with extra gen flags from GENTEST_EXTRA (for example
# "-engine=sbst" or "-no=local-search,input-to-state"), so that
# gentest-bench, which has no such flags, can measure engines and
# combinations of switched-off components. GENTEST_BIN is the gentest
# binary. GENTEST_SEED, when set, replaces the -seed the harness passes
# (its tables then still say seed 1).
cmd=$1
shift
if [ "$cmd" = gen ]; then
	n=$#
	for a in "$@"; do
		case $a in
		-seed=*) if [ -n "$GENTEST_SEED" ]; then a=-seed=$GENTEST_SEED; fi ;;
		esac
		set -- "$@" "$a"
	done
	shift "$n"
	# shellcheck disable=SC2086
	exec "$GENTEST_BIN" gen $GENTEST_EXTRA "$@"
fi
exec "$GENTEST_BIN" "$cmd" "$@"
