#!/bin/sh
# bugs-summary.sh: gentest's own numbers per bug of a bugs.sh run, read from
# the summaries gentest wrote (WORK/ID/gen/gen.json; bugs.sh -work WORK).
#
# usage: bench/scripts/bugs-summary.sh WORK
#
# One line a bug (tab-separated): tests written, statement coverage of the
# written file (%), sequences executed, executor crashes by kind, findings
# with a test; the run's wall time (s), its phases' times (prepare, search,
# minimize, judge, findings, verify: the last includes the findings'
# go test runs) and the stages its deadlines cut; and, from
# WORK/ID/gen.stderr (GENTEST_DEBUG=1), the failures the oracle dropped.
[ $# -eq 1 ] || { sed -n '2,/^\[/{/^#/s/^# \{0,1\}//p}' "$0" >&2; exit 2; }
echo "id	tests	coverage_pct	execs	crashes	findings	wall_s	phases	cut	dropped"
for j in "$1"/*/gen/gen.json; do
	[ -f "$j" ] || continue
	id=$(basename "$(dirname "$(dirname "$j")")")
	t=$(grep -o '"tests":[0-9]*' "$j" | head -1 | cut -d: -f2)
	c=$(grep -o '"coverage":[0-9.eE+-]*' "$j" | head -1 | cut -d: -f2)
	e=$(grep -o '"execs":[0-9]*' "$j" | head -1 | cut -d: -f2)
	k=$(grep -o '"crashes":\({[^}]*}\|null\)' "$j" | head -1 | cut -d: -f2-)
	f=$(grep -o '"test":"TestFinding_[^"]*"' "$j" | wc -l)
	w=$(grep -o '"seconds":[0-9.]*' "$j" | head -1 | cut -d: -f2)
	p=$(grep -o '"phases":{[^}]*}' "$j" | head -1 | sed 's/"after_budget".*//; s/"phases":{//; s/"//g; s/,$//' |
		awk -F, '{ for (i = 1; i <= NF; i++) { split($i, kv, ":"); printf "%s%s %.0f", (i > 1 ? " " : ""), kv[1], kv[2] } }')
	cut=$(grep -o '"cut":\[[^]]*\]' "$j" | head -1 | sed 's/"cut"://; s/"//g')
	d=$(grep -c 'finding dropped' "$(dirname "$(dirname "$j")")/gen.stderr" 2>/dev/null)
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "${t:--}" "$(awk -v c="${c:-0}" 'BEGIN { printf "%.1f", c * 100 }')" "${e:--}" "${k:--}" "$f" \
		"$(awk -v w="${w:-0}" 'BEGIN { printf "%.0f", w }')" "${p:--}" "${cut:--}" "${d:--}"
done
