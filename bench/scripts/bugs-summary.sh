#!/bin/sh
# bugs-summary.sh: gentest's own numbers per bug of a bugs.sh run, read from
# the summaries gentest wrote (WORK/ID/gen/gen.json; bugs.sh -work WORK).
#
# usage: bench/scripts/bugs-summary.sh WORK
#
# One line a bug (tab-separated): tests written, statement coverage of the
# written file (%), sequences executed, executor crashes by kind, findings
# with a test.
[ $# -eq 1 ] || { sed -n '2,/^\[/{/^#/s/^# \{0,1\}//p}' "$0" >&2; exit 2; }
echo "id	tests	coverage_pct	execs	crashes	findings"
for j in "$1"/*/gen/gen.json; do
	[ -f "$j" ] || continue
	id=$(basename "$(dirname "$(dirname "$j")")")
	t=$(grep -o '"tests":[0-9]*' "$j" | head -1 | cut -d: -f2)
	c=$(grep -o '"coverage":[0-9.eE+-]*' "$j" | head -1 | cut -d: -f2)
	e=$(grep -o '"execs":[0-9]*' "$j" | head -1 | cut -d: -f2)
	k=$(grep -o '"crashes":\({[^}]*}\|null\)' "$j" | head -1 | cut -d: -f2-)
	f=$(grep -o '"test":"TestFinding_[^"]*"' "$j" | wc -l)
	printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "${t:--}" "$(awk -v c="${c:-0}" 'BEGIN { printf "%.1f", c * 100 }')" "${e:--}" "${k:--}" "$f"
done
