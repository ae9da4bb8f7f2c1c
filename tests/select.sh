# select_cases DIR [WORD...]: the guest test files of DIR/cases, one per
# line in name order; with WORDs, only those whose name contains one of
# them, less those whose name contains a WORD given as -WORD (only -WORDs:
# every test but those).  With CG_HIER set (v1 or v2), a test with a line
# "# hierarchy: v1" runs on v1 only, one with "# hierarchy: v2" on v2
# only; a test without runs on both.  Sourced by run-guest.sh in the guest
# and by check.sh on the host, so both agree on what a run must report.
# shellcheck shell=sh

# hier_of FILE: the hierarchy FILE's test is for (v1, v2), or "any".
hier_of() {
	sed -n 's/^# hierarchy: \(v[12]\)$/\1/p' "$1" | grep . || echo any
}
select_cases() {
	_dir=$1
	shift
	_want=0
	for _w in "$@"; do
		case "$_w" in -*) ;; *) _want=1 ;; esac
	done
	for _t in "$_dir"/cases/*.sh; do
		[ -f "$_t" ] || continue
		_name=${_t##*/}
		_name=${_name%.sh}
		_keep=$((1 - _want))
		for _w in "$@"; do
			case "$_w" in
			-*) case "$_name" in *"${_w#-}"*) _keep=0; break ;; esac ;;
			*) case "$_name" in *"$_w"*) _keep=1 ;; esac ;;
			esac
		done
		[ $_keep -eq 1 ] || continue
		if [ -n "${CG_HIER:-}" ]; then
			case "$(hier_of "$_t")" in any|"$CG_HIER") ;; *) continue ;; esac
		fi
		echo "$_t"
	done
}

# select_names DIR [WORD...]: the names (file name less .sh) of the tests
# select_cases picks, one per line: what the guest's results must name.
select_names() {
	select_cases "$@" | sed -e 's|.*/||' -e 's|\.sh$||'
}

# select_tap DIR [WORD...]: TAP, one result per WORD: ok when the WORD
# (or, for -WORD, the WORD after the dash) is in some test's name, not ok
# for a dead word, which matches no test (a renamed test must not silently
# leave a run).  Without WORDs, one result: every test is selected.
select_tap() {
	_dir=$1
	shift
	_n=0 _dead=0
	# of every hierarchy's tests: -nokmem- is no dead word on v2, which
	# has no nokmem- test
	_names=$(CG_HIER='' select_names "$_dir")
	if [ $# -eq 0 ]; then
		_n=1
		echo "ok 1 no selection words: all $(printf '%s\n' "$_names" | grep -c .) tests"
	fi
	for _w in "$@"; do
		_n=$((_n + 1))
		_hits=$(printf '%s\n' "$_names" | grep -cF -e "${_w#-}")
		if [ "$_hits" -gt 0 ]; then
			echo "ok $_n selection word '$_w' matches $_hits tests"
		else
			echo "not ok $_n selection word '$_w' matches no test (a dead word)"
			_dead=$((_dead + 1))
		fi
	done
	echo "1..$_n"
	[ $_dead -eq 0 ]
}

# hier_words HIER NRUNS [WORD...]: the WORDs for a run on hierarchy HIER
# (v1, v2), on one line.  A word written v1:WORD or v2:WORD is for that
# hierarchy's run only while both run (NRUNS 2), and for the one that
# runs otherwise; other words are for every run.  The debug kernel's
# DEBUG_TESTS so run each race test under KASAN and lockdep once: both
# hierarchies drive the same handlers, and the two runs together take
# about as long as one did with every test on both.
hier_words() {
	_h=$1 _nruns=$2
	shift 2
	for _w in "$@"; do
		case "$_w" in
		v1:* | v2:*)
			if [ "$_nruns" -lt 2 ] || [ "${_w%%:*}" = "$_h" ]; then
				printf '%s\n' "${_w#*:}"
			fi
			;;
		*) printf '%s\n' "$_w" ;;
		esac
	done | tr '\n' ' ' | sed 's/ $//'
}

# select_runs_tap DIR RUN...: TAP for the selection of a group of guest
# runs made from one set of words (a kernel's fast runs, its debug runs),
# RUN being "HIER [WORD...]": the hierarchy of one run and its words.  One
# result per distinct WORD: ok when it matches a test of the hierarchy of
# some run it is given to (a -WORD: of any hierarchy), not ok for a word
# that matches nothing there (T=input-01 with only a v2 run, a v1-only
# test in the DEBUG_TESTS of a v2-only debug run: the run would leave it
# out while a check against every hierarchy said it matched).  Then one
# result for the group: not ok when its runs select no test at all.
select_runs_tap() {
	_dir=$1
	shift
	_runs=$(printf '%s\n' "$@")
	_all=$(CG_HIER='' select_names "$_dir")
	_n=0 _bad=0 _total=0 _words=''
	while read -r _h _ws; do
		[ -n "$_h" ] || continue
		# shellcheck disable=SC2086 # words
		_c=$(CG_HIER=$_h select_names "$_dir" $_ws | grep -c .)
		_total=$((_total + _c))
		for _w in $_ws; do
			case " $_words " in *" $_w "*) ;; *) _words="$_words $_w" ;; esac
		done
	done <<-RUNS
	$_runs
	RUNS
	for _w in $_words; do
		_n=$((_n + 1))
		case "$_w" in
		-*)
			if printf '%s\n' "$_all" | grep -qF -e "${_w#-}"; then
				echo "ok $_n selection word '$_w' leaves tests out"
			else
				echo "not ok $_n selection word '$_w' matches no test (a dead word)"
				_bad=$((_bad + 1))
			fi
			continue ;;
		esac
		_on='' _hits=0
		while read -r _h _ws; do
			case " $_ws " in *" $_w "*) ;; *) continue ;; esac
			_on="${_on:+$_on, }$_h"
			_c=$(CG_HIER=$_h select_names "$_dir" "$_w" | grep -c .)
			_hits=$((_hits + _c))
		done <<-RUNS
		$_runs
		RUNS
		if [ "$_hits" -gt 0 ]; then
			echo "ok $_n selection word '$_w' matches $_hits tests on the runs it is for ($_on)"
		else
			echo "not ok $_n selection word '$_w' matches no test on the runs it is for ($_on): they would leave it out"
			_bad=$((_bad + 1))
		fi
	done
	_n=$((_n + 1))
	if [ "$_total" -gt 0 ]; then
		echo "ok $_n the runs ($(printf '%s\n' "$_runs" | awk '{ print $1 }' | tr '\n' ' ' | sed 's/ $//')) select $_total tests"
	else
		echo "not ok $_n the runs ($(printf '%s\n' "$_runs" | awk '{ print $1 }' | tr '\n' ' ' | sed 's/ $//')) select no test: no guest test would run"
		_bad=$((_bad + 1))
	fi
	echo "1..$_n"
	[ $_bad -eq 0 ]
}
