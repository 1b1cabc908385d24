#!/bin/sh
# Runs gentest with extra gen flags from GENTEST_EXTRA (for example
# "-engine=sbst" or "-no=local-search,input-to-state"), so that
# gentest-bench, which has no such flags, can measure engines and
# combinations of switched-off components. GENTEST_BIN is the gentest binary.
cmd=$1
shift
if [ "$cmd" = gen ]; then
	# shellcheck disable=SC2086
	exec "$GENTEST_BIN" gen $GENTEST_EXTRA "$@"
fi
exec "$GENTEST_BIN" "$cmd" "$@"
