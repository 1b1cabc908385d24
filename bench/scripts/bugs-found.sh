#!/usr/bin/env bash
# bugs-found.sh: check that each reproducer of bench/bugs/found (bugs gentest
# found in current releases, issue 32) still fails on the version it names.
#
# usage: bench/scripts/bugs-found.sh [ID...]   (default: every line of bench/bugs/found/found.txt)
# env:   WORK (scratch dir, default a new mktemp -d), TIMEOUT (go test -timeout, default 60s)
# Prints one line per bug: ID VERSION FAIL|PASS|ERROR (FAIL: the test failed
# with its own "bug: " message: the bug is there; ERROR: anything else), and
# exits 1 if any reproducer does not fail.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
list="$root/bench/bugs/found/found.txt"
WORK=${WORK:-$(mktemp -d)}
TIMEOUT=${TIMEOUT:-60s}
want=" $* "
bad=0
while IFS=$'\t' read -r id mod ver _; do
	[[ -z "$id" || "$id" == \#* ]] && continue
	[[ "$want" != "  " && "$want" != *" $id "* ]] && continue
	dir="$WORK/$id"
	rm -rf "$dir"; mkdir -p "$dir"
	cp -r "$root/bench/bugs/found/$id/." "$dir/"
	if ! (cd "$dir" && go mod init bugrepro >/dev/null 2>&1 &&
		go mod edit -require="$mod@$ver" && go mod tidy >"$dir.tidy.log" 2>&1); then
		r=SETUP
	elif (cd "$dir" && go test -count=1 -timeout "$TIMEOUT" . >"$dir.log" 2>&1); then
		r=PASS
	elif grep -q 'bug: ' "$dir.log"; then
		r=FAIL
	else
		r=ERROR
	fi
	echo "$id $mod@$ver $r"
	[ "$r" = FAIL ] || bad=1
done <"$list"
exit $bad
