# select_cases DIR [WORD...]: the guest test files of DIR/cases, one per
# line in name order; with WORDs, only those whose name contains one of
# them.  Sourced by run-guest.sh in the guest and by check.sh on the host,
# so both agree on what a run must report.
# shellcheck shell=sh
select_cases() {
	_dir=$1
	shift
	for _t in "$_dir"/cases/*.sh; do
		[ -f "$_t" ] || continue
		_name=${_t##*/}
		_name=${_name%.sh}
		if [ $# -gt 0 ]; then
			_keep=0
			for _w in "$@"; do
				case "$_name" in *"$_w"*) _keep=1 ;; esac
			done
			[ $_keep -eq 1 ] || continue
		fi
		echo "$_t"
	done
}
