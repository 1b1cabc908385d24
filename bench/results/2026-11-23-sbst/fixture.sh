#!/bin/sh
# usage: fixture.sh GENTEST_BINARY NAME [gen flags...]
# Runs gentest gen on a fresh scratch module holding a copy of
# testdata/gen/relations and prints its coverage and executions.
bin=$1; name=$2; shift 2
repo=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
d=${TMPDIR:-/tmp}/fixture-$name; rm -rf "$d"; mkdir -p "$d/pkg"
printf 'module example.com/relations\n\ngo 1.22\n' > "$d/go.mod"
cp "$repo"/testdata/gen/relations/*.go "$d/pkg/"
cd "$d/pkg" && "$bin" gen -json "$@" . > "$d/summary.json" 2> "$d/log.txt"
echo "$name rc=$? $(grep -o '"coverage":[0-9.]*' "$d/summary.json") $(grep -o '"execs":[0-9]*' "$d/summary.json")"
