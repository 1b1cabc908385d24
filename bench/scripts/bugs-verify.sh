#!/usr/bin/env bash
# bugs-verify.sh: check that each reproducer in bench/bugs fails on the
# bug's buggy version and passes on its fixed version.
#
# usage: bench/scripts/bugs-verify.sh [ID...]   (default: every entry of bench/bugs/bugs.txt)
# env:   WORK (scratch dir, default a new mktemp -d), TIMEOUT (go test -timeout, default 60s)
# Prints one line per bug: ID buggy=FAIL|PASS|ERROR fixed=... verdict=ok|BAD
# (FAIL: the test failed with its own "bug: " message; ERROR: anything else),
# and exits 1 if any bug does not verify. The go.mod of each run is written
# here, not kept in bench/bugs, so one reproducer serves both versions.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
list="$root/bench/bugs/bugs.txt"
WORK=${WORK:-$(mktemp -d)}
TIMEOUT=${TIMEOUT:-60s}
want=" $* "
bad=0

# run ID MODULE VERSION: prints PASS or FAIL for the reproducer against MODULE@VERSION.
run() {
	local id=$1 mod=$2 ver=$3 dir="$WORK/$1-$3"
	rm -rf "$dir"; mkdir -p "$dir"
	cp -r "$root/bench/bugs/$id/." "$dir/" # the reproducer and its testdata
	(cd "$dir" && go mod init bugrepro >/dev/null 2>&1 &&
		go mod edit -require="$mod@$ver" && go mod tidy >"$dir.tidy.log" 2>&1) ||
		{ echo "SETUP"; return; }
	if (cd "$dir" && go test -count=1 -timeout "$TIMEOUT" . >"$dir.log" 2>&1); then
		echo PASS
	elif grep -q 'bug: ' "$dir.log"; then
		echo FAIL # the reproducer's own failure, not a build error
	else
		echo ERROR
	fi
}

while IFS=$'\t' read -r id mod buggy fixed _; do
	[[ -z "$id" || "$id" == \#* ]] && continue
	[[ "$want" != "  " && "$want" != *" $id "* ]] && continue
	b=$(run "$id" "$mod" "$buggy")
	f=$(run "$id" "$mod" "$fixed")
	v=ok
	[[ "$b" == FAIL && "$f" == PASS ]] || { v=BAD; bad=1; }
	echo "$id buggy=$b fixed=$f verdict=$v"
done <"$list"
exit $bad
