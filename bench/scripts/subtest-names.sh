#!/bin/sh
# subtest-names.sh: count the subtest and table row names of written test
# files (issue 31, reason 6) in each DIR's *.go.txt (asserted.sh's output):
# all names, names that are only numbers ("0", "1,0,1", "0_2nd"), and names
# that spell symbols by name ("question", "nul", "u7f"; a crude pattern that
# also counts one-symbol texts such as "star", which are meant).
#
# usage: bench/scripts/subtest-names.sh DIR...
set -u
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for d in "$@"; do
	grep -ho '{name: "[^"]*"\|t.Run("[^"]*"' "$d"/*.go.txt | sed 's/.*"\(.*\)"/\1/' >"$tmp"
	tot=$(wc -l <"$tmp")
	num=$(grep -cE '^(negative_)?[0-9][0-9.,_e+-]*(_[0-9]+(nd|rd|th|st))?$' "$tmp")
	sym=$(grep -cE '(^|_)(question|colon|semicolon|lbrace|rbrace|lbracket|rbracket|apostrophe|quote|backslash|slash|nul|equals|lt|gt|bang|hash|dollar|percent|amp|pipe|caret|tilde|at|star|plus|lparen|rparen|backquote|comma|u[0-9a-f]{2,5})(_|$)' "$tmp")
	echo "$d names=$tot numbers_only=$num spelled_symbols=$sym"
done
