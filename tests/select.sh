# select_cases DIR [WORD...]: the guest test files of DIR/cases, one per
# line in name order; with WORDs, only those whose name contains one of
# them, less those whose name contains a WORD given as -WORD (only -WORDs:
# every test but those).  Sourced by run-guest.sh in the guest and by
# check.sh on the host, so both agree on what a run must report.
# shellcheck shell=sh
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
		echo "$_t"
	done
}
