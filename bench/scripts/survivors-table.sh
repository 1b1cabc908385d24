#!/usr/bin/env bash
# survivors-table.sh: the classes of survivors.sh's mutants as a markdown
# tables, per operator and per subject (in the files' order): not
# executed, executed and not infected, infected and surviving.
#
# usage: bench/scripts/survivors-table.sh MUTANTS.tsv...
#   MUTANTS.tsv  survivors.sh's OUT/mutants.tsv (several are summed)
set -uo pipefail
. "$(dirname "$0")/lib.sh"
[ $# -ge 1 ] || usage
awk '
	BEGIN { FS = "\t" }
	$1 == "subject" { next }
	{ ops[$3] = 1; c[$3 SUBSEP $7]++; tot[$7]++; cs[$1 SUBSEP $7]++ }
	!($1 in subj) { subj[$1] = 1; sub_[++nsub] = $1 }
	END {
		print "| operator | not executed | executed, not infected | infected, survived |"
		print "|---|--:|--:|--:|"
		n = 0; for (k in ops) keys[++n] = k
		for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (keys[j] < keys[i]) { t = keys[i]; keys[i] = keys[j]; keys[j] = t }
		for (i = 1; i <= n; i++) { k = keys[i]; printf "| %s | %d | %d | %d |\n", k, c[k SUBSEP "notexec"], c[k SUBSEP "notinfected"], c[k SUBSEP "survived"] }
		printf "| **all** | **%d** | **%d** | **%d** |\n", tot["notexec"], tot["notinfected"], tot["survived"]
		print ""
		print "| subject | not executed | executed, not infected | infected, survived |"
		print "|---|--:|--:|--:|"
		for (i = 1; i <= nsub; i++) { k = sub_[i]; printf "| %s | %d | %d | %d |\n", k, cs[k SUBSEP "notexec"], cs[k SUBSEP "notinfected"], cs[k SUBSEP "survived"] }
	}
' "$@"
