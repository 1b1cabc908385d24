#!/usr/bin/env bash
# coverage-orders.sh: the statement coverage of a package's tests in
# several test orders (go test -shuffle), to tell coverage that depends on
# which test runs first (package state set up lazily by whichever test
# reaches it first: google/uuid's clock sequence and node ID) from
# coverage a change of the file lost.
#
# usage: bench/scripts/coverage-orders.sh DIR [N]
#   DIR  the package directory (a copy gentest-bench -prepare made, with
#        the generated file in it)
#   N    orders after the file's own: -shuffle=1..N (default 6)
# Prints one line per order: the order (off or the seed) and go test's
# coverage.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || usage
dir=$1 n=${2:-6}
cd "$dir" || exit 2
for s in off $(seq 1 "$n"); do
	cov=$(go test -count=1 -shuffle="$s" -cover . 2>&1 | grep -o 'coverage: [0-9.]*%' | head -1)
	printf '%s\t%s\n' "$s" "${cov#coverage: }"
done
