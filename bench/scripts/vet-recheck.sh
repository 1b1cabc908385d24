#!/usr/bin/env bash
# vet-recheck.sh: a change to the vet suite checked against the diagnostics
# a triage already decided (issue 36): the packages that had diagnostics are
# vetted again with the binary before and after, and the diagnostics that
# went away or appeared are listed, so that a precision rule is seen to drop
# exactly the false rows it aims at and no true one.
#
#   bench/scripts/vet-recheck.sh [-modules FILE...] DIAGS OUT OLD NEW
#
# DIAGS is a diagnostics.tsv of vet-compare.sh (module, file:line, check,
# message). Each module's version is taken from the first of the module
# lists (default bench/vet/modules*.txt) that names it. For each module, one
# at a time, a scratch module requires it with its test dependencies, and
# `go vet -p 2 -vettool=X` runs on the packages of its diagnostics, for X =
# OLD and NEW (the build cache is shared by the runs: this measures
# diagnostics, not time).
#
# OUT gets old.tsv and new.tsv (the rows in DIAGS's format, module-relative
# paths) and changes.tsv: "gone" and "new" rows, with the message.
set -u
. "$(dirname "$0")/lib.sh"

lists=
while [ $# -gt 0 ]; do
	case $1 in
	-modules) lists="$lists $2"; shift 2 ;;
	-h | --help) usage ;;
	*) break ;;
	esac
done
[ $# -eq 4 ] || usage
diags=$(abspath "$1") out=$(abspath "$2") old=$(abspath "$3") new=$(abspath "$4")
[ -n "$lists" ] || lists=$(ls "$bench_root"/bench/vet/modules*.txt)
mkdir -p "$out"
work=${WORK:-$(mktemp -d)}
modcache=$(go env GOMODCACHE)
export GOCACHE=$work/gocache
export GOFLAGS=-mod=mod


for f in old new; do printf 'module\tfile:line\tcheck\tmessage\n' >"$out/$f.tsv"; done
tail -n +2 "$diags" | cut -f1 | grep -v '^module$' | LC_ALL=C sort -u | while read -r mod; do
	ver=$(cat $lists | sed 's/#.*//' | awk -v m="$mod" '{ split($1, a, "@"); if (a[1] == m) { print a[2]; exit } }')
	if [ -z "$ver" ]; then
		echo "vet-recheck: $mod: in no module list" >&2
		continue
	fi
	name=$(echo "$mod" | tr '/' '_')
	dir=$work/mods/$name
	rm -rf "$dir" && mkdir -p "$dir"
	echo "== $mod@$ver" >&2
	(
		cd "$dir" || exit 1
		printf 'module vet36.example/scratch\n\ngo 1.26\n' >go.mod
		go get -t "$mod/...@$ver" >prep.log 2>&1 || go get "$mod@$ver" >>prep.log 2>&1
	) || { echo "vet-recheck: $mod: go get failed (see $dir/prep.log)" >&2; continue; }
	moddir=$(cd "$dir" && go list -m -f '{{.Dir}}' "$mod")
	pkgs=$(awk -F'\t' -v m="$mod" '$1 == m { n = split($2, p, "/"); d = ""; for (i = 1; i < n; i++) d = d "/" p[i]; print m d }' "$diags" | LC_ALL=C sort -u)
	for f in old new; do
		bin=$old
		[ $f = new ] && bin=$new
		# shellcheck disable=SC2086
		(cd "$dir" && go vet -p 2 -vettool="$bin" $pkgs) >"$dir/$f.log" 2>&1
		grep "^$moddir/" "$dir/$f.log" | sed -e "s|$moddir/||" -e "s|$modcache|\$GOMODCACHE|g" | LC_ALL=C sort -u |
			while IFS= read -r d; do
				loc=$(echo "$d" | cut -d: -f1,2)
				msg=$(echo "$d" | cut -d: -f4- | sed 's/^ //')
				printf '%s\t%s\t%s\t%s\n' "$mod" "$loc" "$(check_of "$msg")" "$msg"
			done >>"$out/$f.tsv"
	done
done

# Rows keyed by module and file:line, as in bench/vet/triage.md.
key() { tail -n +2 "$1" | cut -f1,2 | LC_ALL=C sort -u; }
{
	printf 'change\tmodule\tfile:line\n'
	LC_ALL=C comm -23 <(key "$out/old.tsv") <(key "$out/new.tsv") | sed 's/^/gone\t/'
	LC_ALL=C comm -13 <(key "$out/old.tsv") <(key "$out/new.tsv") | sed 's/^/new\t/'
} >"$out/changes.tsv"
cat "$out/changes.tsv"
echo "vet-recheck: work in $work" >&2
