#!/bin/sh
# fzgen-compare.sh: plain Go fuzzing (fzgen's generated harnesses fuzzed
# with go test -fuzz) against gentest, at the same search budget, on the
# statement coverage of one package (issue 17).
#
# usage: fzgen-compare.sh [-budget 30s] [-seed 1] [-flags 'GEN FLAGS'] [-work DIR] [-gentest-only]
#                         [-subjects FILE] [-shard K/N] GENTEST FZGEN [SUBJECT...]
#
# GENTEST is a gentest binary; FZGEN an fzgen v0.4.3 binary. fzgen v0.4.3
# builds once its golang.org/x/tools requirement is raised:
#   go mod download github.com/thepudds/fzgen@v0.4.3   # then copy its Dir
#   go mod edit -require=golang.org/x/tools@v0.52.0 && go mod tidy
#   go build -o fzgen ./cmd/fzgen
# A SUBJECT is "MODULE@VERSION:DIR" (DIR relative to the module root, "."
# for the root) or "std:IMPORTPATH", as in bench/subjects.txt; -subjects
# adds the subjects of a subjects file, and -shard K/N keeps the subjects at
# positions K, K+N, K+2N... (0-based) of the list, so that N streams at once
# (one a core) share it.
#
# For each subject, in a scratch copy (modules: the downloaded module with
# `go mod tidy -e`; std: a scratch module importing the package):
#   1. the package's own tests are removed, then `fzgen` (default flags,
#      as its README shows a new user) writes autofuzz_test.go and the
#      fuzzer package is added with `go get github.com/thepudds/fzgen/fuzzer@v0.4.3`;
#   2. each Fuzz target is fuzzed in turn with `go test -fuzz=^NAME$
#      -fuzztime=BUDGET/N` (N targets: the budget is shared, as one
#      `go test -fuzz` process fuzzes one target); the corpus go test keeps
#      in GOCACHE/fuzz is copied into testdata/fuzz;
#   3. `go test -run=^Fuzz -coverpkg=PKG -coverprofile` replays the seed and
#      the found corpus: fzgen's coverage;
#   4. in another copy, `gentest gen -budget=BUDGET -seed=SEED [FLAGS]` and the same
#      coverage run on the file it wrote alone: gentest's coverage.
# Every go test runs with -vet=off: vet is no part of coverage, and a
# module without a go directive gets the installed Go's from go mod tidy,
# which turns on vet checks its code fails (hashicorp/go-version: a
# non-constant format string), so neither side's tests would build.
# Coverage is statement coverage of the package, covermode=set, read from
# the profile (`go tool cover -func` total). Build and instrumentation time
# are not part of either budget.
#
# -gentest-only skips steps 1-3 (fuzzing does not depend on gentest's
# version): fuzz_targets and fzgen_cov are "-", to be joined with an
# earlier run's lines for the same subjects.
#
# Output: one CSV line per subject on stdout (gentest-bench -compare reads
# them: gentest_cov by default, TABLE#fzgen_cov for fuzzing's):
#   subject,package,fuzz_targets,fzgen_cov,gentest_cov,note
set -u
. "$(dirname "$0")/lib.sh"
budget=30s seed=1 work="" flags="" only="" list="" shard=0/1
while [ $# -gt 0 ]; do
	case $1 in
	-budget) budget=$2; shift 2 ;;
	-seed) seed=$2; shift 2 ;;
	-work) work=$2; shift 2 ;;
	-flags) flags=$2; shift 2 ;;
	-gentest-only) only=1; shift ;;
	-subjects) list=$2; shift 2 ;;
	-shard) shard=$2; shift 2 ;;
	*) break ;;
	esac
done
if [ $# -lt 2 ] || { [ $# -lt 3 ] && [ -z "$list" ]; }; then
	usage
fi
gentest=$(abspath "$1")
fzgen=$(abspath "$2")
shift 2
if [ -n "$list" ]; then
	set -- "$@" $(subject_lines "$list")
fi
k=${shard%/*} nshards=${shard#*/}
i=0
for s in "$@"; do
	[ $((i % nshards)) = "$k" ] && set -- "$@" "$s"
	i=$((i + 1))
done
shift "$i"
[ -n "$work" ] || work=$(mktemp -d)
mkdir -p "$work"
secs=$(echo "$budget" | awk '/^[0-9]+(\.[0-9]+)?(ms|s|m)$/ { n = $0 + 0; u = $0; sub(/^[0-9.]+/, "", u); print n * (u == "ms" ? 0.001 : u == "m" ? 60 : 1); ok = 1 } END { exit !ok }') || {
	echo "fzgen-compare: bad -budget $budget" >&2
	exit 2
}
gocache=$(go env GOCACHE)

# cov PROFILE DIR prints the statement coverage in percent, or NA; DIR is
# a directory of the module, where go tool cover finds the sources.
cov() {
	c=""
	if [ -s "$1" ]; then
		c=$(cd "$2" && go tool cover -func="$1" 2>/dev/null | awk '/^total:/ { sub("%", "", $3); print $3 }')
	fi
	echo "${c:-NA}"
}

# prepare DEST SUBJECT: a scratch copy; prints the package directory and
# the import path, separated by a space.
prepare() {
	dest=$1 subj=$2
	mkdir -p "$dest"
	case $subj in
	std:*)
		ip=${subj#std:}
		# The installed Go's language version: std code ranges over
		# functions (go1.23) and uses newer features.
		printf 'module fzstd\n\ngo %s\n' "$(go env GOVERSION | sed 's/^go//; s/^\([0-9]*\.[0-9]*\).*/\1/')" > "$dest/go.mod"
		mkdir -p "$dest/t"
		echo "$dest/t $ip"
		;;
	*)
		mv=${subj%%:*} dir=${subj#*:}
		src=$(go mod download -json "$mv" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
		[ -n "$src" ] || return 1
		cp -r "$src/." "$dest/"
		chmod -R u+w "$dest"
		# A module from before modules (github.com/pkg/errors) has no
		# go.mod: give it one with its path, as the proxy serves it.
		[ -f "$dest/go.mod" ] || (cd "$dest" && go mod init "${mv%@*}" >/dev/null 2>&1)
		(cd "$dest" && go mod tidy -e >/dev/null 2>&1)
		mod=$(cd "$dest" && go list -m)
		if [ "$dir" = . ]; then ip=$mod; else ip=$mod/$dir; fi
		echo "$dest/$dir $ip"
		;;
	esac
}

for subj in "$@"; do
	name=$(echo "$subj" | tr '/:@' '___')
	d=$work/$name
	note=""
	if [ -n "$only" ]; then
		rm -rf "$d/gt"
		mkdir -p "$d"
		n=- fzcov=-
	else
	rm -rf "$d"
	# 1-3: fzgen and go test -fuzz.
	set -- $(prepare "$d/fz" "$subj") || { echo "$subj,,,NA,NA,prepare failed"; continue; }
	pdir=$1 ip=$2
	find "$pdir" -maxdepth 1 -name '*_test.go' -delete
	(cd "$pdir" && go get github.com/thepudds/fzgen/fuzzer@v0.4.3 >"$d/fz.get.log" 2>&1)
	if [ "${subj#std:}" != "$subj" ]; then
		(cd "$pdir" && "$fzgen" "$ip" >"$d/fz.gen.log" 2>&1)
	else
		(cd "$pdir" && "$fzgen" >"$d/fz.gen.log" 2>&1)
	fi
	(cd "$pdir" && go mod tidy -e >/dev/null 2>&1)
	targets=$(cd "$pdir" && go test -vet=off -list '^Fuzz' . 2>"$d/fz.list.log" | grep '^Fuzz' || true)
	n=$(echo "$targets" | grep -c '^Fuzz' || true)
	if [ "$n" -eq 0 ]; then
		fzcov=NA
		note="fzgen wrote no fuzz target: $(cat "$d/fz.gen.log" "$d/fz.list.log" | tail -2 | tr ',\n' '; ')"
	else
		per=$(awk -v s="$secs" -v n="$n" 'BEGIN { ms = int(1000 * s / n); print (ms < 1 ? 1 : ms) "ms" }')
		# The package path of the test binary (the harness may be in a
		# package of its own, std's case).
		tp=$(cd "$pdir" && go list .)
		crashers=0
		for t in $targets; do
			rm -rf "$gocache/fuzz/$tp/$t"
			(cd "$pdir" && go test -vet=off -run='^$' -fuzz="^$t\$" -fuzztime="$per" . >>"$d/fz.fuzz.log" 2>&1)
			# A failing input go test -fuzz found is in testdata/fuzz: a
			# panic in the replay would end the test binary before it
			# writes the profile, so the crashers are set aside (their
			# coverage is not counted) and the corpus of inputs that ran
			# is replayed.
			if [ -d "$pdir/testdata/fuzz/$t" ]; then
				mkdir -p "$d/crashers/$t"
				crashers=$((crashers + $(ls "$pdir/testdata/fuzz/$t" | wc -l)))
				mv "$pdir/testdata/fuzz/$t"/* "$d/crashers/$t/"
			fi
			if [ -d "$gocache/fuzz/$tp/$t" ]; then
				mkdir -p "$pdir/testdata/fuzz/$t"
				cp "$gocache/fuzz/$tp/$t"/* "$pdir/testdata/fuzz/$t/" 2>/dev/null
			fi
		done
		[ "$crashers" -eq 0 ] || note="fuzzing found $crashers failing inputs (not replayed)"
		(cd "$pdir" && go test -vet=off -count=1 -run='^Fuzz' -covermode=set -coverpkg="$ip" -coverprofile="$d/fz.cov" . >"$d/fz.replay.log" 2>&1) ||
			note="$note; the replay fails"
		fzcov=$(cov "$d/fz.cov" "$pdir")
	fi
	fi
	# 4: gentest.
	set -- $(prepare "$d/gt" "$subj")
	gdir=$1 ip=$2
	if [ "${subj#std:}" != "$subj" ]; then
		# gentest needs the package's source in the module: copy it.
		rm -rf "$gdir"
		mkdir -p "$gdir"
		cp "$(go env GOROOT)/src/$ip"/*.go "$gdir/"
		find "$gdir" -name '*_test.go' -delete
		gip=fzstd/t
	else
		find "$gdir" -maxdepth 1 -name '*_test.go' -delete
		gip=$ip
	fi
	(cd "$gdir" && "$gentest" gen -q -budget="$budget" -seed="$seed" $flags . >"$d/gt.gen.log" 2>&1)
	(cd "$gdir" && go test -vet=off -count=1 -covermode=set -coverpkg="$gip" -coverprofile="$d/gt.cov" . >"$d/gt.test.log" 2>&1) ||
		note="$note; gentest's file fails"
	gtcov=$(cov "$d/gt.cov" "$gdir")
	echo "$subj,$ip,$n,$fzcov,$gtcov,$note"
done
