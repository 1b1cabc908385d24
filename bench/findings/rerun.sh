#!/usr/bin/env bash
# rerun.sh: run gentest gen again on the scratch copies a gentest-bench -keep
# run left (WORK/NN-name/gen-full-seed1-10s), each in a fresh copy, and print
# every finding as one tab-separated line: package, kind, function, message,
# reproducing test. Used to re-triage findings with a newer gentest.
#
# usage: bench/findings/rerun.sh GENTEST BUDGET DIR...
set -uo pipefail
gentest=$1 budget=$2
shift 2
for d in "$@"; do
	src=$d/gen-full-seed1-10s
	tmp=$(mktemp -d)
	cp -r "$src/." "$tmp/"
	chmod -R u+w "$tmp"
	find "$tmp" -name '*_gentest_test.go' -o -name '*_gentest_findings_test.go' | xargs -r rm -f
	pkg=$(find "$tmp" -name '*.go' ! -name '*_test.go' -printf '%d %h\n' | sort -n | head -1 | cut -d' ' -f2-)
	(cd "$pkg" && "$gentest" gen -q -budget="$budget" -seed=1 -json . 2>/dev/null) |
		python3 -c '
import json, sys
name = sys.argv[1]
text, dec, i, objs = sys.stdin.read(), json.JSONDecoder(), 0, []
while True:
    j = text.find("{", i)
    if j < 0:
        break
    try:
        d, i = dec.raw_decode(text, j)
    except ValueError:
        i = j + 1
        continue
    objs.append(d)
for d in objs:
    for p in d.get("packages") or [d]:
        for f in p.get("findings") or []:
            print("\t".join([name, f["kind"], f["function"], f["message"][:120], f.get("test", "")]))
' "$(basename "$d")"
	mkdir -p /tmp/findings-rerun && rm -rf "/tmp/findings-rerun/$(basename "$d")" && mv "$tmp" "/tmp/findings-rerun/$(basename "$d")"
done
