#!/usr/bin/env bash
# bugs.sh: the bug benchmark (issue 32): does gentest, and does go fuzz with
# fzgen's harnesses, find bugs fixed upstream, on the version before the fix?
#
# usage: bench/scripts/bugs.sh [-budget 30s] [-seed 1] [-work DIR] [-out DIR]
#                              [-fzgen FZGEN] [-no-gentest] GENTEST [ID...]
#   GENTEST   a gentest binary
#   ID        bugs of bench/bugs/bugs.txt to run (default: all, in file order)
#   -fzgen F  also fuzz with fzgen's harnesses (F: an fzgen v0.4.3 binary,
#             built as bench/scripts/fzgen-compare.sh says) at the same budget
#   -out DIR  write bugs.csv, findings.csv and fuzz.csv there (default: the
#             work directory); -work DIR keeps the scratch copies there
# GENTEST_BENCH names a prebuilt gentest-bench (default: built from this
# checkout). With GENTEST_DEBUG=1, gentest's debug log (each dropped
# failure and the rule that dropped it) is kept in WORK/ID/gen.stderr.
# One bug at a time; run it under nice.
#
# For each bug (module, buggy and fixed version, package, functions; see
# bench/bugs/README.md):
#   1. two scratch copies of the package, one at the buggy and one at the
#      fixed version, as gentest-bench -prepare makes them (human tests
#      removed);
#   2. `gentest gen -q -json -budget=B -seed=S .` in the buggy copy;
#   3. every finding's test (TestFinding_*, build tag gentest_findings) is
#      run in the buggy copy and, with the files gentest wrote copied over,
#      in the fixed copy (go test -run '^NAME$', 120 s timeout each), and
#      classified:
#        bug       fails on buggy, passes on fixed, and is on target: the
#                  finding's function is one of the bug's functions, or the
#                  failing run's output (its panic stack) names one;
#        bug-off   fails on buggy, passes on fixed, not on target (the fix
#                  changed its outcome, but through code the bug's
#                  functions do not name: counted apart, not as found);
#        other     fails on both versions: not this bug; to triage by hand
#                  as possibly-real or false (the brief's "false findings"
#                  are the false ones among these);
#        no-repro  passes on the buggy version (the finding did not
#                  reproduce in a plain go test);
#        fixed-build  does not build on the fixed version (API changed).
#   A bug is found when at least one finding is "bug".
#   4. with -fzgen: in a third copy of the buggy version, fzgen writes its
#      harnesses, each Fuzz target is fuzzed for B/N (N targets), and every
#      failing input go test -fuzz saved is replayed on the buggy copy and,
#      with the harness and the input copied over, on the fixed copy; the
#      bug counts as found by fuzzing when an input fails on buggy and
#      passes on fixed (no on-target check: a fuzz crasher names no target).
#
# Output (CSV, one line a bug / finding / crasher):
#   bugs.csv     id,class,calls,gen_rc,findings,bug,bug_off,other,no_repro,fixed_build,found,fuzz_targets,fuzz_crashers,fuzz_found
#   findings.csv id,kind,function,test,buggy,fixed,on_target,verdict
#   fuzz.csv     id,target,input,buggy,fixed
# and a summary table on stdout.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
budget=30s seed=1 work="" out="" fzgen="" nogen=""
while [ $# -gt 0 ]; do
	case $1 in
	-budget) budget=$2; shift 2 ;;
	-seed) seed=$2; shift 2 ;;
	-work) work=$(abspath "$2"); shift 2 ;;
	-out) out=$(abspath "$2"); shift 2 ;;
	-fzgen) fzgen=$(abspath "$2"); shift 2 ;;
	-no-gentest) nogen=1; shift ;;
	-h | -help | --help) usage ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || usage
gentest=$(abspath "$1"); shift
want=" $* "
[ -n "$work" ] || work=$(mktemp -d)
[ -n "$out" ] || out=$work
mkdir -p "$work" "$out"
tool=$(bench_tool "$work") || { echo "bugs.sh: cannot build gentest-bench" >&2; exit 1; }
secs=$(echo "$budget" | sed -n 's/^\([0-9]*\)s$/\1/p')
[ -n "$secs" ] || { echo "bugs.sh: -budget must be whole seconds (30s)" >&2; exit 2; }
export GOFLAGS="${GOFLAGS:-} -vet=off"

echo "id,class,calls,gen_rc,findings,bug,bug_off,other,no_repro,fixed_build,found,fuzz_targets,fuzz_crashers,fuzz_found" >"$out/bugs.csv"
echo "id,kind,function,test,buggy,fixed,on_target,verdict" >"$out/findings.csv"
echo "id,target,input,buggy,fixed" >"$out/fuzz.csv"

# gotest DIR LOG ARGS...: PASS, FAIL (the test ran and failed) or BUILD
# (it did not build), of `go test ARGS .` in DIR.
gotest() {
	local dir=$1 log=$2; shift 2
	if (cd "$dir" && timeout 300 go test -count=1 -timeout 120s "$@" . >"$log" 2>&1); then
		echo PASS
	elif grep -qE '^(FAIL|--- FAIL|panic:)|test timed out' "$log" && ! grep -q '\[build failed\]\|\[setup failed\]' "$log"; then
		echo FAIL
	else
		echo BUILD
	fi
}

# on_target FUNCTION LOG FUNCS: 1 when the finding's function, or a frame
# of the failing run's output, is one of the bug's functions (FUNCS,
# comma-separated, "Name" or "Recv.Name").
on_target() {
	local fn=$1 log=$2 f norm
	norm=$(echo "$fn" | sed 's/[()*]//g; s/\[[^]]*\]//g')
	for f in $(echo "$3" | tr ',' ' '); do
		case "$norm" in *"$f" | *".$f") echo 1; return ;; esac
		# A stack frame: pkg.Name( or pkg.(*Recv).Name( / pkg.Recv.Name(.
		local rx
		case "$f" in
		*.*) rx="\.\(?\*?${f%%.*}\)?\.${f#*.}\(" ;;
		*) rx="[a-z0-9_]\.$f\(" ;;
		esac
		if grep -qE "$rx" "$log" 2>/dev/null; then echo 1; return; fi
	done
	echo 0
}

# fuzz ID MOD BUGGY FIXED REL DIR: fzgen's harnesses fuzzed on the buggy
# version; prints "targets crashers found".
fuzz() {
	local id=$1 mod=$2 buggy=$3 fixed=$4 rel=$5 d=$6 bz fz n per t found=0 crashers=0 in b f
	bz=$(bench_prepare "$tool" "$mod@$buggy:$rel" "$d/fz-buggy" 2>"$d/fz.prep.log") || { echo "0 0 0"; return; }
	fz=$(bench_prepare "$tool" "$mod@$fixed:$rel" "$d/fz-fixed" 2>>"$d/fz.prep.log") || { echo "0 0 0"; return; }
	for p in "$bz" "$fz"; do
		(cd "$p" && go get github.com/thepudds/fzgen/fuzzer@v0.4.3 >>"$d/fz.get.log" 2>&1)
	done
	(cd "$bz" && "$fzgen" >"$d/fz.gen.log" 2>&1)
	local targets
	targets=$(cd "$bz" && go test -list '^Fuzz' . 2>/dev/null | grep '^Fuzz')
	n=$(echo "$targets" | grep -c . || true)
	[ "$n" -gt 0 ] || { echo "0 0 0"; return; }
	per=$((secs / n))
	[ "$per" -ge 1 ] || per=1
	cp "$bz"/autofuzz_test.go "$fz"/ 2>/dev/null
	for t in $targets; do
		(cd "$bz" && timeout $((per + 300)) go test -run='^$' -fuzz="^$t\$" -fuzztime="${per}s" . >>"$d/fz.fuzz.log" 2>&1)
		[ -d "$bz/testdata/fuzz/$t" ] || continue
		for in in "$bz/testdata/fuzz/$t"/*; do
			crashers=$((crashers + 1))
			mkdir -p "$fz/testdata/fuzz/$t"
			cp "$in" "$fz/testdata/fuzz/$t/"
			b=$(gotest "$bz" "$d/fz.replay-buggy.log" -run "^$t\$/^$(basename "$in")\$")
			f=$(gotest "$fz" "$d/fz.replay-fixed.log" -run "^$t\$/^$(basename "$in")\$")
			echo "$id,$t,$(basename "$in"),$b,$f" >>"$out/fuzz.csv"
			[ "$b" = FAIL ] && [ "$f" = PASS ] && found=1
		done
	done
	echo "$n $crashers $found"
}

# one ID MOD BUGGY FIXED PKG FUNCS CLASS CALLS: the benchmark of one bug.
one() {
	local id=$1 mod=$2 buggy=$3 fixed=$4 pkg=$5 funcs=$6 class=$7 calls=$8
	local d="$work/$id" rel bdir fdir rc=- nf=0 nbug=0 noff=0 nother=0 nnorep=0 nbuild=0 fz="- - -"
	rm -rf "$d"; mkdir -p "$d"
	rel=${pkg#"$mod"}; rel=${rel#/}; [ -n "$rel" ] || rel=.
	if [ -z "$nogen" ]; then
		bdir=$(bench_prepare "$tool" "$mod@$buggy:$rel" "$d/buggy" 2>"$d/prep.log") &&
			fdir=$(bench_prepare "$tool" "$mod@$fixed:$rel" "$d/fixed" 2>>"$d/prep.log") || {
			echo "$id,$class,$calls,prep-failed,0,0,0,0,0,0,0,-,-,-" >>"$out/bugs.csv"
			return
		}
		mkdir -p "$d/gen"
		# With GENTEST_DEBUG set, gentest's log (why each failure the
		# search met was dropped) goes to gen.stderr: -q would discard it.
		local q=-q
		[ -z "${GENTEST_DEBUG:-}" ] || q=
		(cd "$bdir" && timeout $((secs + 600)) "$gentest" gen $q -json -budget="$budget" -seed="$seed" . >"$d/gen/gen.json" 2>"$d/gen.stderr")
		rc=$?
		cp "$bdir"/*_gentest*_test.go "$fdir"/ 2>/dev/null
		# -findings DIR prints NAME<TAB>KIND<TAB>FUNCTION<TAB>MESSAGE<TAB>TEST,
		# NAME "gen" (given the file, NAME would be empty and read would
		# drop the leading tab).
		"$tool" -findings "$d/gen" 2>/dev/null | grep -v DISAGREE >"$d/findings.tsv"
		while IFS=$'\t' read -r _ kind fn _ test; do
			[ -n "$test" ] || continue
			nf=$((nf + 1))
			local b f on v
			b=$(gotest "$bdir" "$d/$test.buggy.log" -tags gentest_findings -run "^$test\$")
			f=$(gotest "$fdir" "$d/$test.fixed.log" -tags gentest_findings -run "^$test\$")
			on=$(on_target "$fn" "$d/$test.buggy.log" "$funcs")
			if [ "$b" != FAIL ]; then v=no-repro; nnorep=$((nnorep + 1))
			elif [ "$f" = BUILD ]; then v=fixed-build; nbuild=$((nbuild + 1))
			elif [ "$f" = FAIL ]; then v=other; nother=$((nother + 1))
			elif [ "$on" = 1 ]; then v=bug; nbug=$((nbug + 1))
			else v=bug-off; noff=$((noff + 1))
			fi
			echo "$id,$kind,\"$fn\",$test,$b,$f,$on,$v" >>"$out/findings.csv"
		done <"$d/findings.tsv"
	fi
	[ -z "$fzgen" ] || fz=$(fuzz "$id" "$mod" "$buggy" "$fixed" "$rel" "$d")
	local found=0
	[ "$nbug" -gt 0 ] && found=1
	[ -z "$nogen" ] || found=-
	echo "$id,$class,$calls,$rc,$nf,$nbug,$noff,$nother,$nnorep,$nbuild,$found,$(echo "$fz" | tr ' ' ',')" >>"$out/bugs.csv"
}

while IFS=$'\t' read -r id mod buggy fixed pkg funcs class calls _; do
	[[ -z "$id" || "$id" == \#* ]] && continue
	[[ "$want" != "  " && "$want" != *" $id "* ]] && continue
	echo "bugs.sh: $id ($(date -u +%H:%M:%S))" >&2
	one "$id" "$mod" "$buggy" "$fixed" "$pkg" "$funcs" "$class" "$calls"
done <"$bench_root/bench/bugs/bugs.txt"

column -s, -t <"$out/bugs.csv"
awk -F, 'NR > 1 { n++; if ($11 == 1) g++; if ($14 == 1) z++; o += $8 }
	END { printf "bugs %d: gentest found %d, other findings (to triage) %d; fuzzing found %d\n", n, g, o, z }' "$out/bugs.csv"
