#!/usr/bin/env bash
# maporder-fixes.sh: do the map-order check's suggested fixes apply and
# compile on real modules? (issue 36: "Suggested fixes for map-order
# reports apply cleanly and the result compiles")
#
#   bench/scripts/maporder-fixes.sh OUT GENTEST MODULE@VERSION...
#
# For each module (already in the module cache: go mod download it first),
# a writable copy is made in $WORK (default a new temporary directory),
# and then, in it:
#
#   go vet -vettool=GENTEST -fix -diff ./...   the fixes, as a diff
#   go vet -vettool=GENTEST -fix ./...         the fixes applied
#   go build ./...                             the fixed module builds
#   go test -vet=off -count=1 -run '^$' ./...  and its tests compile
#   go vet -vettool=GENTEST ./...              the map-order reports left
#
# OUT gets, per module, NAME.diff (module-relative paths) and NAME.left
# (the map-order reports left after the fixes), and summary.tsv: module,
# files changed by the fixes, build and test-compile exit codes, reports
# left. No machine paths.
set -u
. "$(dirname "$0")/lib.sh"

[ $# -ge 3 ] || usage
out=$(abspath "$1")
gentest=$(abspath "$2")
shift 2
[ -x "$gentest" ] || { echo "maporder-fixes: $gentest is not executable" >&2; exit 1; }
work=${WORK:-$(mktemp -d /tmp/maporder-fixes.XXXXXX)}
mkdir -p "$out" "$work"
export GOTOOLCHAIN=local GOWORK=off GOFLAGS=-mod=mod
modcache=$(go env GOMODCACHE)

printf 'module\tfiles_fixed\tbuild_exit\ttest_compile_exit\tmaporder_left\n' >"$out/summary.tsv"
for mv in "$@"; do
	mod=${mv%@*}
	ver=${mv#*@}
	# The module cache escapes capitals as !lower.
	esc=$(printf '%s' "$mod" | sed 's/[A-Z]/!&/g' | tr 'A-Z' 'a-z')
	src=$modcache/$esc@$ver
	[ -d "$src" ] || { echo "maporder-fixes: $mv is not in the module cache" >&2; continue; }
	name=$(printf '%s' "$mod" | tr '/' '_')
	dir=$work/$name
	rm -rf "$dir"
	cp -r "$src" "$dir" && chmod -R u+w "$dir"
	echo "== $mv"
	(cd "$dir" && go vet -vettool="$gentest" -fix -diff ./... 2>/dev/null) | sed "s#$dir/##g" >"$out/$name.diff"
	(cd "$dir" && go vet -vettool="$gentest" -fix ./... >/dev/null 2>&1)
	files=$(grep -c '^+++ ' "$out/$name.diff")
	(cd "$dir" && go build ./... >"$work/$name.build" 2>&1)
	build=$?
	(cd "$dir" && go test -vet=off -count=1 -run '^$' ./... >"$work/$name.test" 2>&1)
	tests=$?
	(cd "$dir" && go vet -vettool="$gentest" ./... 2>&1) | grep 'map iteration order' | sed "s#$dir/##g" >"$out/$name.left"
	printf '%s\t%s\t%s\t%s\t%s\n' "$mv" "$files" "$build" "$tests" "$(wc -l <"$out/$name.left")" >>"$out/summary.tsv"
done
echo "maporder-fixes: scratch copies in $work"
