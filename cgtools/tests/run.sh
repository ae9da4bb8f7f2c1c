#!/bin/sh
# run.sh: the host tests of cgtools, as TAP on stdout.
#
# First the build (the static tools and, with AddressSanitizer and UBSan,
# the unit tests and the tools on the fake backend): a build failure is a
# failed test.  Then the unit tests of the pure modules and of the
# libcgroup backend's error helper; the command-line contract that needs
# no cgroup; the tools themselves run against a fake memory hierarchy (a
# directory tree, $CGTOOLS_FAKE_ROOT, see fakecg.c): outputs, partial
# failures, signals, Prometheus output checked by cgtest-promcheck, by
# promtool and by node_exporter's textfile collector (Debian's prometheus
# and prometheus-node-exporter, which make deps installs: a missing one is
# a failed test, not a skip); the man pages through groff -ww; and the two
# guest test helpers.  Every line is numbered here; exits 1 if any test
# failed.
set -u
cd "$(dirname "$0")/.." || exit 1
# what the build makes (cgtools/Makefile's O), and the helpers' sources
O=${O:-$(cd .. && pwd)/build/cgtools}
H=../tests/helpers
scratch=$(mktemp -d)
nepid=	# node_exporter's, while it runs (textfile_start)
trap '[ -z "$nepid" ] || { kill "$nepid"; wait "$nepid"; } 2> /dev/null; rm -rf "$scratch"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

results=$scratch/results
: > "$results"

# ok NAME, not_ok NAME [WHY...]: a result, each line of WHY a comment.
# printf, not echo: dash's echo would act on a \n or \c in a name (the
# checkers' tests below have them) and break the line, or join the next.
ok() { printf 'ok %s\n' "$1" >> "$results"; }
not_ok() {
	printf 'not ok %s\n' "$1" >> "$results"
	shift
	for l in "$@"; do printf '%s\n' "$l" | sed 's/^/# /' >> "$results"; done
}

# finish: number the results, print them as TAP, exit 1 on any failure.
finish() {
	total=$(grep -c '^\(not \)\{0,1\}ok ' "$results")
	echo "1..$total"
	awk '/^(not )?ok / { n++; sub(/^ok /, "ok " n " - "); sub(/^not ok /, "not ok " n " - ") } { print }' "$results"
	! grep -q '^not ok' "$results"
	exit $?
}

# expect_exit STATUS NAME CMD...: CMD exits STATUS, output kept in $out/$err.
expect_exit() {
	want=$1 name=$2
	shift 2
	"$@" > "$scratch/out" 2> "$scratch/err"
	got=$?
	out=$(cat "$scratch/out") err=$(cat "$scratch/err")
	if [ "$got" -eq "$want" ]; then
		ok "$name"
	else
		not_ok "$name" "exit $got, want $want: $*" "stdout: $out" "stderr: $err"
	fi
}

# expect_usage NAME CMD...: CMD refuses its command line as util-linux
# does (issue 24.9): exit 1, nothing on stdout, and stderr ending in the
# pointer to --help (which tells a usage error from a failure, also 1).
expect_usage() {
	name=$1
	shift
	"$@" > "$scratch/out" 2> "$scratch/err"
	got=$?
	out=$(cat "$scratch/out") err=$(cat "$scratch/err")
	case "$err" in
	*"Try '"*" --help' for more information.") hint=yes ;;
	*) hint=no ;;
	esac
	if [ "$got" -eq 1 ] && [ $hint = yes ] && [ -z "$out" ]; then
		ok "$name"
	else
		not_ok "$name" "exit $got (want 1), --help pointer: $hint: $*" "stdout: $out" "stderr: $err"
	fi
}

# expect_same NAME ACTUAL WANT: ACTUAL is exactly WANT.
expect_same() {
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		not_ok "$1" "got '$2'" "want '$3'"
	fi
}

# expect_text NAME ACTUAL PATTERN: ACTUAL matches the shell PATTERN.
expect_text() {
	# shellcheck disable=SC2254
	case "$2" in
	$3) ok "$1" ;;
	*) not_ok "$1" "got '$2'" "want '$3'" ;;
	esac
}

# unescape FORM: the name a printed form stands for (cgtools(7), Names):
# a form that starts with \x is escaped, each \xHH in it the byte HH;
# any other is the name as it is.  Bytes, whatever the locale.
unescape() {
	case $1 in
	'\x'*) printf '%s' "$1" | LC_ALL=C awk '
		BEGIN { RS = "\001"; hex = "0123456789abcdef" }
		{
			s = $0; out = ""
			while ((i = index(s, "\\x")) > 0) {
				h = tolower(substr(s, i + 2, 2))
				a = index(hex, substr(h, 1, 1)); b = index(hex, substr(h, 2, 1))
				if (a == 0 || b == 0) { out = out substr(s, 1, i + 1); s = substr(s, i + 2); continue }
				out = out substr(s, 1, i - 1) sprintf("%c", (a - 1) * 16 + b - 1)
				s = substr(s, i + 4)
			}
			printf "%s", out s
		}' ;;
	*) printf '%s' "$1" ;;
	esac
}

# promtool_lint FILE: promtool check metrics (Debian's prometheus) parses
# FILE and lints it clean (0), or not (1), or is missing (2); what it says
# goes to $scratch/lint.  promtool exits 1 on a parse error, 3 with a line
# per lint problem, and does not look for duplicate series (node_exporter's
# check below does).  No lint is waived: the tools' families pass every
# one promtool has (HELP on each, _total on counters and only on them,
# snake_case, base units, no type in the name, no _sum/_count/_bucket
# outside histograms and summaries), so any line means a family broke one.
promtool_lint() {
	if ! command -v promtool > /dev/null; then
		echo "promtool not found: Debian's prometheus package has it (make deps)" > "$scratch/lint"
		return 2
	fi
	promtool check metrics < "$1" > "$scratch/lint" 2>&1
	st=$?
	[ $st -eq 0 ] && [ ! -s "$scratch/lint" ] && return 0
	echo "promtool check metrics exited $st" >> "$scratch/lint"
	return 1
}

# check_prom NAME CMD...: CMD's Prometheus text passes cgtest-promcheck
# and promtool (two tests); it is kept as $scratch/outputs/N.prom, with
# NAME in N.name, for node_exporter's textfile collector (textfile_check)
prom_n=0
mkdir "$scratch/outputs"
check_prom() {
	name=$1
	shift
	if "$@" > "$scratch/prom" 2> "$scratch/err" &&
	   $H/cgtest-promcheck "$scratch/prom" > "$scratch/why"; then
		ok "$name"
	else
		not_ok "$name" "$(cat "$scratch/why" "$scratch/err")" "$(head -n 20 "$scratch/prom")"
	fi
	if promtool_lint "$scratch/prom"; then
		ok "24 promtool check metrics accepts it: $name"
	else
		not_ok "24 promtool check metrics accepts it: $name" "$(cat "$scratch/lint")" \
			"$(head -n 20 "$scratch/prom")"
	fi
	prom_n=$((prom_n + 1))
	cp "$scratch/prom" "$scratch/outputs/$prom_n.prom"
	printf '%s\n' "$name" > "$scratch/outputs/$prom_n.name"
}

# --- build: the static tools and the sanitized host builds
if make -s all host-tests O="$O" > "$scratch/build" 2>&1; then
	ok "build: static tools and helpers, sanitized host tests"
else
	not_ok "build: static tools and helpers, sanitized host tests" \
		"$(tail -n 30 "$scratch/build")"
	finish
fi
for t in cgdentry cgslabstat cgshrink cgtest-write cgtest-json cgtest-lookup \
	cgtest-churn; do
	if file "$O/$t" 2>/dev/null | grep -q 'statically linked' ||
	   ! ldd "$O/$t" > /dev/null 2>&1; then
		ok "$t is statically linked (for the busybox guest)"
	else
		not_ok "$t is statically linked (for the busybox guest)" "$(ldd "$O/$t" 2>&1)"
	fi
done
# issue 43: what the build makes is under O, the sources' directory
# holds sources (and the test helpers live with the tests); debian/rules
# is a source that Debian's policy makes executable
expect_same "43 cgtools/ holds no build output nor test helper" \
	"$(find . -name '*.o' -o -name '*.d' -o -name 'cgtest-*' -o -type f -perm -u+x ! -name '*.sh' ! -name '*.c' ! -name '*.h' ! -path ./debian/rules | sort)" ""

# --- issue 24.11: the Makefile takes the caller's flags (Debian's
# hardening flags build clean with -Werror), hides no linker warning, and
# installs the tools and pages under DESTDIR/PREFIX
if grep -q -- '--no-warnings' Makefile; then
	not_ok "24.11 the link does not silence the linker (-Wl,--no-warnings)"
else
	ok "24.11 the link does not silence the linker (-Wl,--no-warnings)"
fi
hb=$scratch/hardened
mkdir -p "$hb/tests"
cp -r ./*.c ./*.h ./*.1 ./*.7 ./*.sh Makefile systemd "$hb/"
# the libsmartcols.a built for the tests above, not one more of it
SCOLS=$O/libsmartcols
export SCOLS
if MAKEFLAGS='' make -C "$hb" CFLAGS="-g -O2 -fstack-protector-strong -Wformat -Werror=format-security" \
	CPPFLAGS="-Wdate-time -D_FORTIFY_SOURCE=2" LDFLAGS="-Wl,-z,relro -Wl,-z,now" \
	O="$hb/out" cgdentry cgslabstat cgshrink > "$hb/log" 2>&1 &&
   grep -q -- '-D_FORTIFY_SOURCE=2.*-fstack-protector-strong' "$hb/log" &&
   grep -q -- '-Wl,-z,now.*-static' "$hb/log"; then
	ok "24.11 CFLAGS, CPPFLAGS and LDFLAGS from dpkg-buildflags are used and build clean"
else
	not_ok "24.11 CFLAGS, CPPFLAGS and LDFLAGS from dpkg-buildflags are used and build clean" \
		"$(tail -n 20 "$hb/log")"
fi
# issue 43: glibc's static NSS warnings about libcgroup.a become one line
# saying why they are harmless; any other linker warning (an unknown -z
# keyword here) still shows
if MAKEFLAGS='' make -C "$hb" O="$hb/probe" LDFLAGS="-Wl,-z,cgtools-probe" > "$hb/log" 2>&1 &&
   ! grep -q "warning: Using 'get" "$hb/log" &&
   [ "$(grep -c 'harmless' "$hb/log")" -eq 1 ] &&
   [ "$(grep -c 'cgtools-probe.*ignored' "$hb/log")" -eq 3 ]; then
	ok "43 the static link's NSS warnings are one line saying why, other warnings stay"
else
	not_ok "43 the static link's NSS warnings are one line saying why, other warnings stay" \
		"$(grep -v '^gcc\|^grep\|^if\|^rm' "$hb/log" | head -n 20)"
fi
if make -C "$hb" install DESTDIR="$hb/root" PREFIX=/usr O="$hb/out" > "$hb/log" 2>&1 &&
   [ -x "$hb/root/usr/bin/cgshrink" ] && [ -f "$hb/root/usr/share/man/man1/cgdentry.1" ] &&
   [ -f "$hb/root/usr/share/man/man7/cgtools.7" ]; then
	ok "24.11 make install DESTDIR=... PREFIX=/usr puts tools and pages in place"
else
	not_ok "24.11 make install DESTDIR=... PREFIX=/usr puts tools and pages in place" \
		"$(tail -n 20 "$hb/log")" "$(find "$hb/root" 2>&1 | head)"
fi
# issue 42.8: what a host installs: the textfile service and timer beside
# the tools, naming them where they are, enabled nowhere; systemd finds
# nothing wrong with them; uninstall takes all of it away again; and a
# build against the shared libraries for hosts (STATIC=0)
svc=$hb/root/usr/lib/systemd/system/cgtools-textfile.service
expect_same "42.8 make install: the service and timer, the service naming the installed tools" \
	"$(cd "$hb/root/usr/lib/systemd/system" 2> /dev/null && printf '%s ' *)$(grep -c '^ExecStart=/bin/sh -c .\/usr\/bin\/cg[a-z]* -R --prometheus / > /var/lib/prometheus/node-exporter/memcg_[a-z]*\.prom\.tmp && exec mv ' "$svc")" \
	"cgtools-textfile.service cgtools-textfile.timer 2"
expect_same "42.8 nothing is enabled by installing" "$(find "$hb/root" -type l | wc -l)" 0
if command -v systemd-analyze > /dev/null; then
	expect_same "42.8 systemd-analyze verify: the service and timer are sound" \
		"$(cd "$hb/root/usr/lib/systemd/system" && systemd-analyze verify --man=no ./cgtools-textfile.service ./cgtools-textfile.timer 2>&1)" ""
else
	not_ok "42.8 systemd-analyze verify: the service and timer are sound" "no systemd-analyze (systemd)"
fi
cp "$svc" "$scratch/cgtools-textfile.service"	# run below, on the fake hierarchy
if make -C "$hb" uninstall DESTDIR="$hb/root" PREFIX=/usr O="$hb/out" > "$hb/log" 2>&1; then
	expect_same "42.8 make uninstall leaves no file behind" "$(find "$hb/root" ! -type d)" ""
else
	not_ok "42.8 make uninstall leaves no file behind" "$(tail -n 20 "$hb/log")"
fi
if MAKEFLAGS='' make -C "$hb" O="$hb/dyn" STATIC=0 > "$hb/log" 2>&1 &&
   ldd "$hb/dyn/cgdentry" 2> /dev/null | grep -q 'libcgroup\.so' && ! grep -q harmless "$hb/log"; then
	ok "42.8 make STATIC=0: the tools against the shared libraries, no static link note"
else
	not_ok "42.8 make STATIC=0: the tools against the shared libraries, no static link note" \
		"$(tail -n 5 "$hb/log")" "$(ldd "$hb/dyn/cgdentry" 2>&1 | head -n 3)"
fi
rm -rf "$hb"
unset SCOLS

# --- issue 24.10: the layers, from the objects the build made.  Each
# module's functions carry its name; calls only go down (no backend into
# cgmem, no tool or cgtool into libcgroup, cgjson and cgprom not into the
# table module); cgout leaves exiting to its callers; cgnum uses glibc's
# errno and signal names
layer() { # NAME OBJECT WHAT-MUST-BE-ABSENT(ERE on nm lines)
	bad=$(nm "$O/obj/$2" 2>&1 | grep -E "$3")
	if [ -z "$bad" ]; then ok "24.10 $1"; else not_ok "24.10 $1" "$bad"; fi
}
for m in cgnum cgtext cgkv cgmount cgpath cgfs; do
	bad=$(nm "$O/obj/$m.o" | awk '$2 ~ /^[TDRB]$/ { print $3 }' | grep -v "^${m}_")
	if [ -z "$bad" ]; then ok "24.10 $m.o exports only ${m}_*"; else not_ok "24.10 $m.o exports only ${m}_*" "$bad"; fi
done
layer "cgmem-lcg.o calls nothing of cgmem (no cycle)" cgmem-lcg.o " U cgm_"
if grep -n '\bcgm_[a-z_]*(' tests/fakecg.c; then
	not_ok "24.10 tests/fakecg.c calls nothing of cgmem (no cycle)"
else
	ok "24.10 tests/fakecg.c calls nothing of cgmem (no cycle)"
fi
for o in cgdentry.o cgslabstat.o cgshrink.o cgtool.o; do
	layer "$o uses libcgroup only through cgmem" "$o" " U cgroup_"
done
if grep -ln 'include <libcgroup.h>' cgdentry.c cgslabstat.c cgshrink.c cgtool.c; then
	not_ok "24.10 no tool includes <libcgroup.h>"
else
	ok "24.10 no tool includes <libcgroup.h>"
fi
layer "cgjson.o does not call the table module" cgjson.o " U cgo_"
layer "cgprom.o does not call the table module" cgprom.o " U cgo_"
layer "cgout.o never exits (out of memory is its caller's call)" cgout.o " U (exit|_exit|abort)$"
layer "cgnum.o names errnos and signals with glibc, no tables" cgnum.o " [dDrR] (errno|signal)_names"
expect_same "24.10 cgnum.o asks glibc" "$(nm "$O/obj/cgnum.o" | grep -cE ' U (strerrorname_np|sigabbrev_np)$')" 2
# the old copies: a table set up only to check -o, then freed; cgm_walk
# called from a tool (tool_walk tolerates partial failure for all three)
expect_same "24.10 one copy of the -o check and of the tolerant walk" \
	"$(cat cgdentry.c cgslabstat.c cgshrink.c | awk '/tool_table_init\(&t/ { init = NR } /cgo_table_free\(&t\)/ && NR - init <= 2 { n++ } END { print n + 0 }') $(cat cgdentry.c cgslabstat.c cgshrink.c | grep -c 'cgm_walk(')" \
	"0 0"

# --- unit tests of the pure modules and of the libcgroup error helper
for u in unit-tests lcg-tests; do
	"$O"/host/$u > "$scratch/unit" 2>&1
	rc=$?
	cat "$scratch/unit" >> "$results"
	[ $rc -eq 0 ] || grep -q '^not ok' "$scratch/unit" || not_ok "$u exited $rc"
done

# --- usage: every tool (the static builds: they parse before any cgroup)
for t in cgdentry cgslabstat cgshrink; do
	req=	# what cgshrink needs to get past "say what to free"
	[ "$t" = cgshrink ] && req=-a
	expect_exit 0 "$t --help exits 0" "$O/$t" --help
	expect_text "$t --help shows usage, output options, columns, exit status" "$out" \
		"Usage: $t *--noheadings*--output COLUMNS*--raw*--pairs*--json*Columns:*CGROUP*Exit status: 0 ok, 1 *usage error, 32 no CGROUP*found, 64 some*"
	expect_exit 1 "$t --help >/dev/full fails (write error)" sh -c "$O/$t --help > /dev/full"
	expect_text "$t says why it failed to write" "$err" "$t: write error: No space left on device"
	# issue 42.6: every option's description starts in one column
	expect_same "42.6 $t --help: the options' descriptions in one column" \
		"$("$O/$t" --help | awk '/^Options:/ { on = 1; next } on && /^$/ { on = 0 }
			on && match($0, /^ {10,}[^ ]/) { print RLENGTH; next }
			on && match($0, /^  (-[a-zA-Z], --[^ ]+|    --[^ ]+|-[a-zA-Z])( [^ ]+)?  +[^ ]/) { print RLENGTH }' |
			sort -u | wc -l)" 1
	expect_exit 0 "$t --version exits 0" "$O/$t" --version
	expect_text "$t --version names it" "$out" "$t (cgtools) [0-9]*"
	expect_exit 1 "$t --version >/dev/full fails" sh -c "$O/$t --version > /dev/full"
	expect_usage "$t without CGROUP is a usage error" "$O/$t"
	expect_text "$t usage error message" "$err" "$t: no CGROUP given
Try '$t --help' for more information."
	expect_usage "$t with an unknown option is a usage error" "$O/$t" --bogus /
	expect_text "$t says 'unrecognized option' once (getopt's words)" "$err" "*$t: unrecognized option '--bogus'
Try '$t --help' for more information."
	expect_usage "$t -y is a usage error" "$O/$t" -y /
	expect_text "$t names the unknown short option" "$err" "*$t: invalid option -- 'y'
Try*"
	# issue 24.3: the option named is the one given
	expect_usage "24.3 $t --json=1 is a usage error" "$O/$t" --json=1 /
	expect_text "24.3 $t --json=1 names --json" "$err" "*$t: option '--json' doesn't allow an argument
Try '$t --help' for more information."
	"$O/$t" --prometheus=x / 2> "$scratch/err" > /dev/null
	expect_same "24.3 $t --prometheus=x: no NUL byte on stderr" "$(tr -cd '\000' < "$scratch/err" | wc -c)" 0
	expect_text "24.3 $t --prometheus=x names --prometheus" "$(cat "$scratch/err")" "*option '--prometheus' doesn't allow an argument*"
	expect_usage "24.3 $t --r is a usage error" "$O/$t" --r /
	expect_text "24.3 $t --r is ambiguous (--raw, --recursive)" "$err" "*option '--r' is ambiguous*--r*
Try '$t --help' for more information."
	expect_usage "$t -g cpu:/A (not memory) is a usage error" "$O/$t" -g cpu:/A
	expect_usage "$t -g cpu (a controller, not memory) is a usage error" "$O/$t" -g cpu /A
	expect_text "$t -g cpu message" "$err" "$t: -g cpu: cgtools read the memory controller only*"
	expect_usage "$t /A/../B is a usage error" "$O/$t" /A/../B
	expect_usage "$t --json --raw is a usage error" "$O/$t" --json --raw /
	expect_usage "$t -P -r is a usage error" "$O/$t" -P -r /
	expect_usage "$t -o BOGUS is a usage error" "$O/$t" ${req:+"$req"} -o BOGUS /
	expect_text "$t names the unknown column" "$err" "$t: unknown column 'BOGUS'*"
	expect_usage "$t --prometheus -o CGROUP is a usage error" "$O/$t" ${req:+"$req"} --prometheus -o CGROUP /
	expect_usage "$t -o without an argument is a usage error" "$O/$t" / -o
	expect_text "$t says -o needs an argument" "$err" "*$t: option requires an argument -- 'o'
Try*"
done
expect_usage "cgshrink --prometheus is a usage error" "$O"/cgshrink --prometheus /
expect_usage "cgslabstat -i 1 --prometheus is a usage error" "$O"/cgslabstat -i 1 --prometheus /

# --- usage: per tool
for n in 0 -1 abc 12x "" 18446744073709551616 " 5"; do
	expect_usage "cgshrink --max '$n' is a usage error" "$O"/cgshrink --max "$n" /A
done
expect_text "cgshrink bad --max message" "$err" "cgshrink: invalid --max ' 5'*"
expect_usage "cgshrink -N with --all is a usage error" "$O"/cgshrink -N 5 --all /A
expect_usage "cgshrink -R without --above is a usage error" "$O"/cgshrink -R /A
expect_usage "cgshrink --above x is a usage error" "$O"/cgshrink --above x /A
for i in 0 -1 x 1.2345; do
	expect_usage "cgslabstat -i '$i' is a usage error" "$O"/cgslabstat -i "$i" /A
done
expect_usage "cgslabstat -c without -i is a usage error" "$O"/cgslabstat -c 3 /A
expect_usage "cgslabstat -c 0 is a usage error" "$O"/cgslabstat -i 1 -c 0 /A
expect_usage "cgslabstat --own without -i is a usage error" "$O"/cgslabstat --own /A

# --- the tools on a fake memory hierarchy (sanitized builds)
root=$scratch/memcg
export CGTOOLS_FAKE_ROOT="$root"
B=$O/host
mkdir -p "$root"
# Devices: the host's / (named by mountinfo) and one nobody mounted.
# a mounted file system for the sb: lines: /, or in a chroot (where no
# mount is at /) /proc
rootmnt=/
rootdev=$(awk '$5 == "/" { print $3; exit }' /proc/self/mountinfo)
if [ -z "$rootdev" ]; then
	rootmnt=/proc
	rootdev=$(awk '$5 == "/proc" { print $3; exit }' /proc/self/mountinfo)
fi
nodev=4095:1048575

# mkcg PATH UNUSED TOTAL [N0 N1]: a cgroup with memory.dentry_unused
# (two nodes; on the host's / and the unmounted device) and all 18 keys
# of memory.slab_reclaim_stat, valued from UNUSED.
mkcg() {
	d=$root$1
	mkdir -p "$d"
	printf 'unused %s\ntotal_unused %s\nN0 %s\nN1 %s\nsb:%s %s\nsb:%s %s\n' \
		"$2" "$3" "${4:-$2}" "${5:-0}" "$rootdev" "$2" "$nodev" 0 > "$d/memory.dentry_unused"
	: > "$d/memory.slab_reclaim_stat"
	for p in "" total_; do
		for k in global_scanned global_reclaimed limit_scanned limit_reclaimed \
			forced_scanned forced_reclaimed dentry_reclaimed inode_reclaimed \
			forced_shrinks; do
			echo "$p$k $(($2 * 10 + ${#k}))" >> "$d/memory.slab_reclaim_stat"
		done
	done
	: > "$d/memory.force_slab_shrink"
}
mkcg / 5 465 5 0
mkcg /A 100 460 60 40
mkcg /A/small 20 20
mkcg /A/big 200 340
mkcg /A/big/deep 140 140

expect_exit 0 "cgdentry /A" "$B"/cgdentry /A
expect_text "cgdentry table" "$out" "CGROUP UNUSED TOTAL
/A        100   460"
expect_exit 0 "cgdentry -n -o TOTAL,CGROUP,NODES /A" "$B"/cgdentry -n -o TOTAL,cgroup,NODES /A
# issue 42.7: as lsblk -n, columns keep their headers' widths without them
expect_text "cgdentry -o picks and orders columns" "$out" "  460 /A     N0=60,N1=40"
expect_exit 0 "cgdentry -R /A" env LC_ALL=C.UTF-8 "$B"/cgdentry -R /A
expect_text "42.7 cgdentry -R: a tree with lsblk's tree lines, children by TOTAL" "$out" "CGROUP   UNUSED TOTAL
/A          100   460
├─big       200   340
│ └─deep    140   140
└─small      20    20"
# issue 42.7: where the locale has no UTF-8, lsblk's ASCII tree lines
expect_exit 0 "42.7 cgdentry -R /A in the C locale" env LC_ALL=C "$B"/cgdentry -R /A
expect_text "42.7 cgdentry -R: ASCII tree lines in the C locale" "$out" "CGROUP   UNUSED TOTAL
/A          100   460
|-big       200   340
| \`-deep    140   140
\`-small      20    20"
expect_exit 0 "cgdentry -R -r /A" "$B"/cgdentry -R -r /A
expect_text "cgdentry --raw: header kept, full paths, one space" "$out" "CGROUP UNUSED TOTAL
/A 100 460
/A/big 200 340
/A/big/deep 140 140
/A/small 20 20"
expect_exit 0 "cgdentry -P -o +DEPTH /A/big" "$B"/cgdentry -P -o +DEPTH /A/big
expect_text "cgdentry --pairs" "$out" 'CGROUP="/A/big" UNUSED="200" TOTAL="340" DEPTH="0"'
eval "$out"
expect_text "cgdentry --pairs can be eval'd" "${CGROUP-}:${UNUSED-}" "/A/big:200"
expect_exit 0 "cgdentry -g memory -g memory:/A/small /" "$B"/cgdentry -r -n -g memory -g memory:/A/small /
expect_text "-g CTRL selects, -g CTRL:PATH names a cgroup" "$out" "/A/small 20 20
/ 5 465"
expect_exit 0 "cgdentry --by-sb /A" "$B"/cgdentry --by-sb -r /A
expect_text "cgdentry --by-sb names the host's / and leaves the other unnamed" "$out" \
	"CGROUP DEVICE FSTYPE MOUNT UNUSED
/A $rootdev * $rootmnt 100
/A $nodev - - 0"

"$B"/cgdentry -R -J --by-sb /A > "$scratch/j" 2> "$scratch/err"
expect_text "cgdentry -R -J exit status" "$?" 0
expect_text "cgdentry -J: json-c reads it, tree order" \
	"$("$B"/cgtest-json .cgroups < "$scratch/j" | tr -d '\n' | sed 's/"nodes".*//')" '*'
expect_text "cgdentry -J order" "$(for i in 0 1 2 3; do "$B"/cgtest-json ".cgroups[$i].cgroup" < "$scratch/j"; done | tr '\n' ' ')" \
	"/A /A/big /A/big/deep /A/small "
expect_text "cgdentry -J keys" "$("$B"/cgtest-json -k '.cgroups[0]' < "$scratch/j")" \
	"cgroup depth unused total_unused nodes superblocks"
expect_text "cgdentry -J superblock of the unmounted device" \
	"$("$B"/cgtest-json ".cgroups[0].superblocks[device=$nodev]" < "$scratch/j")" \
	"{\"device\":\"$nodev\",\"major\":4095,\"minor\":1048575,\"fstype\":null,\"mount\":null,\"unused\":0}"

# CGROUP_LOGLEVEL: nothing of libcgroup's may reach stdout (the fake
# backend has no libcgroup; the static tool on the host's hierarchy does)
CGROUP_LOGLEVEL=DEBUG "$O"/cgdentry -J / > "$scratch/j" 2> /dev/null
if [ ! -s "$scratch/j" ] || "$O"/cgtest-json . < "$scratch/j" > /dev/null 2>&1; then
	ok "CGROUP_LOGLEVEL=DEBUG: libcgroup's messages stay off stdout"
else
	not_ok "CGROUP_LOGLEVEL=DEBUG: libcgroup's messages stay off stdout" "$(head -c 300 "$scratch/j")"
fi

# names with control characters and blanks
tab=$(printf '\t')
nl='
'
mkcg "/A/small/t${tab}b${nl}n x" 1 1
expect_exit 0 "cgdentry on a cgroup named with a tab and a newline" \
	"$B"/cgdentry -r -n "/A/small/t${tab}b${nl}n x"
expect_same "raw escapes control characters and blanks" "$out" '/A/small/t\x09b\x0an\x20x 1 1'
expect_exit 0 "cgdentry -R (table)" env LC_ALL=C.UTF-8 "$B"/cgdentry -R /A/small
expect_same "table escapes control characters" "$out" 'CGROUP             UNUSED TOTAL
/A/small               20    20
└─\x74\x09b\x0an x      1     1'
expect_exit 0 "cgdentry -P" "$B"/cgdentry -P -o CGROUP "/A/small/t${tab}b${nl}n x"
# issue 42.7: pairs as lsblk -P writes them: the bytes, each unsafe one as
# \xHH (decoding every \xHH gives the name, as raw)
expect_same "pairs escape control characters" "$out" 'CGROUP="/A/small/t\x09b\x0an x"'
# issue 42.7: what a shell would act on inside the quotes is \xHH too
# (lsblk -P's form): eval'd, the value is text, and decodes to the name
# shellcheck disable=SC2016,SC1003 # the name holds them, unexpanded
hostile='q"$(echo ran) `echo ran`\'
mkcg "/A/small/$hostile" 1 1
expect_exit 0 "42.7 cgdentry -P on a name with \", \$(...), \` and \\" \
	"$B"/cgdentry -P -o CGROUP "/A/small/$hostile"
expect_same "42.7 pairs write \", \$, \` and \\ as lsblk -P does" "$out" \
	'CGROUP="/A/small/q\x22\x24(echo ran) \x60echo ran\x60\x5c"'
CGROUP=
eval "$out"
expect_same "42.7 the pairs eval'd run nothing and decode to the name" \
	"$(unescape "\\x2f${CGROUP#/}")" "/A/small/$hostile"
rm -rf "${root:?}/A/small/$hostile"
"$B"/cgdentry -J "/A/small/t${tab}b${nl}n x" > "$scratch/j"
expect_same "42.1 JSON writes a name with control characters escaped, marked by its \\x2f" \
	"$("$B"/cgtest-json .cgroups[0].cgroup < "$scratch/j")" '\x2fA/small/t\x09b\x0an x'
check_prom "cgdentry --prometheus with a tab, a newline and a blank in a name" \
	"$B"/cgdentry --prometheus -R /A/small
check_prom "cgslabstat --prometheus with a tab, a newline and a blank in a name" \
	"$B"/cgslabstat --prometheus -R /A/small
rm -rf "$root/A/small/t${tab}b${nl}n x"

# issue 24.4: a CJK name takes two columns, the table stays aligned; a
# C1 control (CSI) never reaches the terminal
cjk=$(printf '\346\227\245\346\234\254') csi=$(printf '\302\233')
mkcg "/A/small/$cjk" 1 1
mkcg "/A/small/x${csi}2J" 2 2
expect_exit 0 "24.4 cgdentry -R with CJK and C1 names (C.UTF-8)" \
	env LC_ALL=C.UTF-8 "$B"/cgdentry -R /A/small
expect_same "24.4 columns aligned as a terminal shows them, CSI as \\xc2\\x9b" "$out" "CGROUP           UNUSED TOTAL
/A/small             20    20
├─\\x78\\xc2\\x9b2J      2     2
└─$cjk                1     1"
check_prom "24.4 cgdentry --prometheus with CJK and C1 names" "$B"/cgdentry --prometheus -R /A/small
check_prom "24.4 cgslabstat --prometheus with CJK and C1 names" "$B"/cgslabstat --prometheus -R /A/small
rm -rf "$root/A/small/$cjk" "$root/A/small/x${csi}2J"

# partial failures: a cgroup whose file cannot be read keeps its place
mkcg /A/big/broken 0 0
rm "$root/A/big/broken/memory.dentry_unused"
mkdir "$root/A/big/broken/memory.dentry_unused"	# reads fail: EISDIR
expect_exit 64 "cgdentry -R with one unreadable cgroup exits 64" "$B"/cgdentry -R -r /A
expect_text "the failure is named on stderr" "$err" \
	"cgdentry: /A/big/broken: memory.dentry_unused: Is a directory"
expect_text "every other row is kept, the failed one marked" "$out" "CGROUP UNUSED TOTAL
/A 100 460
/A/big 200 340
/A/big/deep 140 140
/A/big/broken - -
/A/small 20 20"
expect_exit 64 "cgdentry -R --by-sb with one unreadable cgroup exits 64" \
	"$B"/cgdentry -R -s -r -o CGROUP,UNUSED /A/big
expect_text "--by-sb marks the failed cgroup with a row of its own" "$out" "CGROUP UNUSED
/A/big 200
/A/big 0
/A/big/deep 140
/A/big/deep 0
/A/big/broken -"
"$B"/cgdentry -R -J /A > "$scratch/j" 2> /dev/null
expect_text "JSON: the failed entry has null counts and an error" \
	"$("$B"/cgtest-json '.cgroups[cgroup=/A/big/broken]' < "$scratch/j")" \
	'{"cgroup":"/A/big/broken","depth":2,"unused":null,"total_unused":null,"nodes":[],"error":"Is a directory"}'
expect_exit 64 "cgdentry /A /nope /A/small exits 64" "$B"/cgdentry -r /A /nope /A/small
expect_text "cgdentry reports the others" "$out" "CGROUP UNUSED TOTAL
/A 100 460
/A/small 20 20"
expect_same "cgdentry names the missing one, and where it looked" "$err" \
	"cgdentry: /nope: Cgroup does not exist in the directory (not a cgroup file system) at $root"
# issue 24.9: nothing found is 32, as lsblk's "none of specified devices found"
expect_exit 32 "24.9 cgdentry /nope exits 32" "$B"/cgdentry /nope
expect_exit 32 "24.9 cgdentry -R /nope exits 32" "$B"/cgdentry -R /nope
esc=$(printf '\033')
expect_exit 32 "42.1 cgdentry on a missing cgroup named with an escape sequence exits 32" \
	"$B"/cgdentry "/nope${esc}[2J"
expect_same "42.1 its message names it in the printed form: nothing reaches the terminal raw" "$err" \
	"cgdentry: \\x2fnope\\x1b[2J: Cgroup does not exist in the directory (not a cgroup file system) at $root"
expect_exit 32 "24.9 cgdentry /nope /nope2 -g memory:/nope3 exits 32" "$B"/cgdentry /nope /nope2 -g memory:/nope3
expect_exit 32 "24.9 cgslabstat -R /nope /nope2 exits 32" "$B"/cgslabstat -R /nope /nope2
expect_exit 32 "24.9 cgslabstat -i 1 /nope exits 32" "$B"/cgslabstat -i 1 -c 1 /nope
expect_exit 32 "24.9 cgslabstat --prometheus /nope exits 32" "$B"/cgslabstat --prometheus /nope
expect_exit 32 "24.9 cgshrink -a /nope exits 32" "$B"/cgshrink -a /nope
expect_exit 32 "24.9 cgshrink -a -R --above 0 /nope exits 32" "$B"/cgshrink -a -R --above 0 /nope
expect_same "24.9 cgshrink wrote nothing anywhere" \
	"$(cat "$root/memory.force_slab_shrink" "$root/A/memory.force_slab_shrink")" ""
mkdir "$root/E" "$root/E/memory.dentry_unused"
expect_exit 1 "24.9 cgdentry /nope /E (one missing, one unreadable) exits 1" "$B"/cgdentry /nope /E
expect_exit 64 "24.9 cgdentry /nope /A exits 64" "$B"/cgdentry /nope /A
rm -rf "$root/E"
rm -rf "$root/A/big/broken"

# issue 24.7: 70 nodes fit NODES; a key a later kernel adds is left out,
# a missing one named; a directory that cannot be read is named, and the
# walk goes on past it; a kernel without the files gets one line
mkcg /W 1 1
{ printf 'unused 1\ntotal_unused 1\nfuture_key 9\n'; i=0
  while [ $i -lt 70 ]; do echo "N$i $((i + 1000000))"; i=$((i + 1)); done; } > "$root/W/memory.dentry_unused"
expect_exit 0 "24.7 cgdentry with 70 nodes and a new key exits 0" "$B"/cgdentry -n -o NODES /W
expect_text "24.7 NODES holds all 70 nodes (over 511 bytes)" "$out" "N0=1000000,N1=1000001,*,N68=1000068,N69=1000069"
printf 'unused 1\ntotal_unused 1\nN0 x\n' > "$root/W/memory.dentry_unused"
expect_exit 1 "42.6 cgdentry with a malformed line exits 1" "$B"/cgdentry /W
expect_same "42.6 the line is named, its number and its text" "$err" \
	"cgdentry: /W: memory.dentry_unused: line 3: N0 x: Cgroup parsing failed"
printf 'unused 1\n' > "$root/W/memory.dentry_unused"
expect_exit 1 "24.7 cgdentry without total_unused exits 1" "$B"/cgdentry /W
expect_same "24.7 the missing key is named" "$err" "cgdentry: /W: memory.dentry_unused: no key total_unused"
rm -rf "$root/W"
: > "$root/A/big/fakecg.eacces"	# fakecg: this directory cannot be read
expect_exit 64 "24.7 cgdentry -R with /A/big unreadable exits 64" "$B"/cgdentry -R -r -o CGROUP /A
expect_same "24.7 the directory that failed is named" "$err" "cgdentry: /A/big: Permission denied"
expect_same "24.7 the walk goes on past it" "$out" "CGROUP
/A
/A/big
/A/small"
expect_exit 64 "24.7 cgslabstat -R with /A/big unreadable exits 64" "$B"/cgslabstat -R -r -o CGROUP /A
expect_same "24.7 cgslabstat names it too" "$err" "cgslabstat: /A/big: Permission denied"
rm "$root/A/big/fakecg.eacces"
mkdir "$scratch/vanilla"
for t in cgdentry cgslabstat "cgshrink -a --above 0"; do
	# shellcheck disable=SC2086 # the words of $t are meant
	expect_exit 1 "24.7 $t -R / on a kernel without the files exits 1" \
		env CGTOOLS_FAKE_ROOT="$scratch/vanilla" $B/$t -R /
	t=${t%% *}
	expect_text "24.7 $t says so in one line" "$err" "$t: memory.*: this kernel does not provide it*"
	expect_text "24.12 $t names the hierarchy it read" "$err" \
		"*it in the directory (not a cgroup file system) at $scratch/vanilla (*"
	expect_same "24.7 $t: one line" "$(printf '%s\n' "$err" | wc -l)" 1
done

# Prometheus (check_prom is above)
# the checker itself catches what it must
for bad in 'm_total{a="x"} 1' \
	'# TYPE m gauge\nm{a="x\\q"} 1' \
	'# TYPE m gauge\nm{a="x"} 1 1700000000' \
	'# TYPE m gauge\nm{a="x"} 1\nm{a="x"} 2' \
	'# TYPE m gauge\n# TYPE n gauge\nm 1\nn 1\nm 2' \
	'# TYPE m counter\nm 1' \
	'# TYPE m gauge\nm{a="x} 1' \
	'# TYPE m gauge\nm{1a="x"} 1' \
	'# TYPE m gauge\nm{a="x",a="y"} 1' \
	'# TYPE m gauge\nm 1x' \
	'# TYPE m gauge\nm 1\c'; do
	# shellcheck disable=SC2059 # the escapes in $bad are meant
	printf "$bad\\n" > "$scratch/bad.prom"
	if $H/cgtest-promcheck "$scratch/bad.prom" > /dev/null; then
		not_ok "promcheck refuses: $bad"
	else
		ok "promcheck refuses: $bad"
	fi
done
# promtool fails where it must: a parse error (an unknown escape, a byte
# that is not UTF-8, a label twice) or a lint (a counter without HELP or
# _total)
for bad in '# HELP m h\n# TYPE m gauge\nm{a="x\\q"} 1' \
	'# HELP m h\n# TYPE m gauge\nm{a="x\377"} 1' \
	'# HELP m h\n# TYPE m gauge\nm{a="x",a="y"} 1' \
	'# TYPE m counter\nm 1'; do
	# shellcheck disable=SC2059 # the escapes in $bad are meant
	printf "$bad\\n" > "$scratch/bad.prom"
	promtool_lint "$scratch/bad.prom"
	case $? in
	1) ok "24 promtool check metrics refuses: $bad" ;;
	0) not_ok "24 promtool check metrics refuses: $bad" "it passed" ;;
	*) not_ok "24 promtool check metrics refuses: $bad" "$(cat "$scratch/lint")" ;;
	esac
done
mkcg "/A/q\"uo\\te${nl}nl" 3 3
check_prom "cgdentry --prometheus follows the text format" "$B"/cgdentry --prometheus -R /
q_out=$prom_n	# scraped by node_exporter below
check_prom "cgslabstat --prometheus follows the text format" "$B"/cgslabstat --prometheus -R /
"$B"/cgdentry --prometheus -R / > "$scratch/prom"
expect_text "cgdentry --prometheus: own count of /A" \
	"$(grep '^memcg_dentry_unused{cgroup="/A"}' "$scratch/prom")" 'memcg_dentry_unused{cgroup="/A"} 100'
expect_text "cgdentry --prometheus: per node" \
	"$(grep '^memcg_dentry_unused_node{cgroup="/A",' "$scratch/prom" | tr '\n' '|')" \
	'memcg_dentry_unused_node{cgroup="/A",node="0"} 60|memcg_dentry_unused_node{cgroup="/A",node="1"} 40|'
expect_text "cgdentry --prometheus: per device, with mount point" \
	"$(grep "^memcg_dentry_unused_sb{cgroup=\"/A\",device=\"$rootdev\"" "$scratch/prom")" \
	"memcg_dentry_unused_sb{cgroup=\"/A\",device=\"$rootdev\",major=\"${rootdev%:*}\",minor=\"${rootdev#*:}\",fstype=\"*\",mountpoint=\"$rootmnt\"} 100"
expect_same "cgdentry --prometheus: label values escaped" \
	"$(grep '^memcg_dentry_unused_subtree{cgroup="\\\\x2fA/q' "$scratch/prom")" \
	'memcg_dentry_unused_subtree{cgroup="\\x2fA/q\"uo\\x5cte\\x0anl"} 3'
"$B"/cgslabstat --prometheus /A > "$scratch/prom"
expect_text "cgslabstat --prometheus: origins as labels" \
	"$(grep '^memcg_slab_reclaimed_total' "$scratch/prom" | tr '\n' '|')" \
	'memcg_slab_reclaimed_total{cgroup="/A",origin="global"} 1016|memcg_slab_reclaimed_total{cgroup="/A",origin="limit"} 1015|memcg_slab_reclaimed_total{cgroup="/A",origin="forced"} 1016|'
expect_text "cgslabstat --prometheus: subtree counters" \
	"$(grep '^memcg_slab_subtree_forced_shrinks_total' "$scratch/prom")" \
	'memcg_slab_subtree_forced_shrinks_total{cgroup="/A"} 1014'
rm -rf "$root/A/q\"uo\\te${nl}nl"

# issue 24.1: names that are not UTF-8 print reversibly, each cgroup once
ff=$(printf '\377') fe=$(printf '\376') yuml=$(printf '\303\277')
mkcg "/U/x$ff" 1 1
mkcg "/U/x$fe" 2 2
mkcg "/U/x$yuml" 3 3
mkcg "/U/b\\xff" 4 4
mkcg /U 0 10
check_prom "24.1 cgdentry --prometheus: bytes that are not UTF-8 make distinct series" \
	"$B"/cgdentry --prometheus -R /U
u_out=$prom_n	# scraped by node_exporter below
check_prom "24.1 cgslabstat --prometheus: bytes that are not UTF-8 make distinct series" \
	"$B"/cgslabstat --prometheus -R /U
check_prom "24.1 cgdentry --prometheus -R / /U: overlapping CGROUPs, each series once" \
	"$B"/cgdentry --prometheus -R / /U
check_prom "24.1 cgslabstat --prometheus -R / /U /U: each series once" \
	"$B"/cgslabstat --prometheus -R / /U /U
u_want='memcg_dentry_unused{cgroup="/U"} 0|memcg_dentry_unused{cgroup="/U/b\\xff"} 4|'"memcg_dentry_unused{cgroup=\"/U/x$yuml\"} 3|"'memcg_dentry_unused{cgroup="\\x2fU/x\\xfe"} 2|memcg_dentry_unused{cgroup="\\x2fU/x\\xff"} 1|'
expect_same "24.1 42.1 the labels: plain names as they are, others escaped" \
	"$("$B"/cgdentry --prometheus -R /U | grep '^memcg_dentry_unused{' | sort | tr '\n' '|')" "$u_want"
expect_same "24.1 -r -R / /U: each row once" \
	"$("$B"/cgdentry -r -n -o CGROUP -R /U "/U/x$ff" / | sort | uniq -d)" ""
"$B"/cgdentry -J -R /U > "$scratch/j"
expect_same "24.1 JSON: \\xff, \\xfe, U+00FF and a real backslash print apart" \
	"$("$B"/cgtest-json '.cgroups[unused=1].cgroup' < "$scratch/j") $("$B"/cgtest-json '.cgroups[unused=2].cgroup' < "$scratch/j") $("$B"/cgtest-json '.cgroups[unused=4].cgroup' < "$scratch/j")" \
	'\x2fU/x\xff \x2fU/x\xfe /U/b\xff'
# a script feeds the JSON path back, decoded if escaped (cgtools(7)): it
# names the same cgroup, not another
for u in 1 2 3 4; do
	p=$("$B"/cgtest-json ".cgroups[unused=$u].cgroup" < "$scratch/j")
	expect_same "24.1 the printed path of the cgroup with $u names it again" \
		"$("$B"/cgdentry -r -n -o UNUSED "$(unescape "$p")")" "$u"
done
rm -rf "$root/U"

# issue 42.1: arguments are bytes; a plain name prints as it is, so the
# \x2d that systemd writes names its cgroup, not a sibling, and comes back
mkcg "/system.slice/system-serial\\x2dgetty.slice" 7 7
mkcg /system.slice/system-serial-getty.slice 5 5
mkcg /system.slice 0 12
expect_exit 0 "42.1 cgdentry on a name with \\x2d, as systemd writes it" \
	"$B"/cgdentry -P -o CGROUP,UNUSED '/system.slice/system-serial\x2dgetty.slice'
expect_same "42.1 it names that cgroup, not the one \\x2d would decode to" "$out" \
	'CGROUP="/system.slice/system-serial\x5cx2dgetty.slice" UNUSED="7"'
"$B"/cgdentry -J -R /system.slice > "$scratch/j"
expect_same "42.1 JSON holds the name as it is" \
	"$("$B"/cgtest-json '.cgroups[unused=7].cgroup' < "$scratch/j")" '/system.slice/system-serial\x2dgetty.slice'
expect_same "42.1 the JSON name names the cgroup again" \
	"$("$B"/cgdentry -r -n -o UNUSED "$("$B"/cgtest-json '.cgroups[unused=7].cgroup' < "$scratch/j")")" 7
expect_same "42.1 the Prometheus label is the name, its backslash escaped once" \
	"$("$B"/cgdentry --prometheus -R /system.slice | grep '^memcg_dentry_unused{' | sort | tr '\n' '|')" \
	'memcg_dentry_unused{cgroup="/system.slice"} 0|memcg_dentry_unused{cgroup="/system.slice/system-serial-getty.slice"} 5|memcg_dentry_unused{cgroup="/system.slice/system-serial\\x2dgetty.slice"} 7|'
expect_exit 0 "42.1 cgslabstat on the \\x2d name" "$B"/cgslabstat -r -n -o CGROUP,OWN '/system.slice/system-serial\x2dgetty.slice'
expect_same "42.1 cgslabstat reads that cgroup" "$(printf '%s\n' "$out" | head -n 1)" '/system.slice/system-serial\x5cx2dgetty.slice 84'
expect_exit 0 "42.1 cgshrink -N 1 on the \\x2d name" "$B"/cgshrink -N 1 -r -n -o CGROUP '/system.slice/system-serial\x2dgetty.slice'
expect_same "42.1 cgshrink wrote to that cgroup and not the other" \
	"$(cat "$root/system.slice/system-serial\\x2dgetty.slice/memory.force_slab_shrink")|$(cat "$root/system.slice/system-serial-getty.slice/memory.force_slab_shrink")" "1|"
rm -rf "$root/system.slice"

# issue 42.3: a cgroup removed while -R walks (fakecg.vanish, as
# libcgroup's fts reports it: ENOENT), or while its file is read
# (fakecg.gone-on-read: it reads as empty, as libcgroup reads kernfs's
# ENODEV), is left out with its subtree, and nothing is said, by every tool
for t in "cgdentry -r -n -o CGROUP" "cgslabstat -r -n -o CGROUP"; do
	mkcg /V 1 4
	mkcg /V/gone 1 2
	mkcg /V/gone/below 1 1
	mkcg /V/stay 1 1
	: > "$root/V/gone/fakecg.vanish"
	mkcg /V/read-gone 1 1
	: > "$root/V/read-gone/fakecg.gone-on-read"
	# shellcheck disable=SC2086 # the words of $t are meant
	expect_exit 0 "42.3 ${t%% *} -R over a cgroup removed during the walk exits 0" \
		$B/$t -R /V
	expect_same "42.3 ${t%% *} says nothing of it" "$err" ""
	expect_same "42.3 ${t%% *} leaves it out with its subtree" "$(printf '%s\n' "$out" | uniq)" "/V
/V/stay"
	rm -rf "$root/V"
done

# issue 42.6: a subtree deeper than a path can name (PATH_MAX, 4096
# bytes): the cgroups that can be named are read, the rest is said once,
# at the deepest one that can, and the exit status says some failed
n200=
i=0
while [ $i -lt 200 ]; do n200=${n200}a; i=$((i + 1)); done
(
	cd "$root" && mkdir L && cd L &&
	printf 'unused 1\ntotal_unused 1\n' > memory.dentry_unused &&
	i=0 && while [ $i -lt 24 ]; do
		mkdir $n200 && cd -P $n200 &&
		printf 'unused 1\ntotal_unused 1\n' > memory.dentry_unused || exit 1
		i=$((i + 1))
	done
) || not_ok "42.6 a tree 24 x 200 bytes deep"
expect_exit 64 "42.6 cgdentry -R over a tree deeper than PATH_MAX exits 64" \
	"$B"/cgdentry -R -r -n -o DEPTH /L
expect_same "42.6 the cgroups that can be named are read, the rest said once" \
	"$(printf '%s\n' "$out" | wc -l)|$(printf '%s\n' "$err" | wc -l)|$(printf '%s\n' "$err" | sed 's/^cgdentry: \/L\/a*\(\/a*\)*: /:/')" \
	"$(( (4095 - ${#root} - 2) / 201 + 1 ))|1|:File name too long"
rm -rf "$root/L"

# issue 24.9: -J with -o (keys = column names in lower case) and -n, as
# lsblk; --prometheus publishes a partial read with exit 0 and counts the
# failures, so '> f.tmp && mv' still renames
expect_exit 0 "24.9 cgdentry -J -n -o CGROUP,TOTAL,NODES -R /A/big" \
	"$B"/cgdentry -J -n -o CGROUP,TOTAL,NODES -R /A/big
printf '%s\n' "$out" > "$scratch/j"
expect_same "24.9 -J -o: lower-case column keys, numbers as numbers" \
	"$("$B"/cgtest-json '.cgroups[1]' < "$scratch/j")" '{"cgroup":"/A/big/deep","total_unused":140,"nodes":[{"node":0,"unused":140},{"node":1,"unused":0}]}'
expect_exit 0 "24.9 cgslabstat -J -o CGROUP,KEY,TOTAL /A" "$B"/cgslabstat -J -o CGROUP,KEY,TOTAL /A
printf '%s\n' "$out" > "$scratch/j"
expect_same "24.9 42.5 cgslabstat -J -o: the -J entry, total_ keys alone" \
	"$("$B"/cgtest-json -k '.cgroups[0].stat' < "$scratch/j") $("$B"/cgtest-json '.cgroups[0].stat.total_forced_shrinks' < "$scratch/j")" \
	'total_global_scanned total_global_reclaimed total_limit_scanned total_limit_reclaimed total_forced_scanned total_forced_reclaimed total_dentry_reclaimed total_inode_reclaimed total_forced_shrinks 1014'
# issue 42.5: one JSON document whatever the columns: -J -o with every
# column is -J, byte for byte; fewer columns keep hierarchy and error
all_d=CGROUP,UNUSED,TOTAL,DEPTH,NODES
all_s=CGROUP,UNUSED_BEFORE,UNUSED_AFTER,TOTAL_BEFORE,TOTAL_AFTER,FREED,DENTRIES_FREED,MS,STATUS
for t in "cgdentry -R:$all_d" "cgslabstat -R:CGROUP,KEY,OWN,TOTAL" \
	"cgshrink -a -R --above 0 --dry-run:$all_s"; do
	# shellcheck disable=SC2086 # the words of the command are meant
	expect_same "42.5 ${t%%:*} -J -o (every column) is -J" \
		"$($B/${t%%:*} -J -o "${t#*:}" /A 2> /dev/null)" "$($B/${t%%:*} -J /A 2> /dev/null)"
done
expect_same "42.5 cgdentry --by-sb -J -o CGROUP,UNUSED: the superblocks, their unused alone" \
	"$("$B"/cgdentry --by-sb -J -o CGROUP,UNUSED /A/small | "$B"/cgtest-json '.cgroups[0]')" \
	'{"cgroup":"/A/small","superblocks":[{"unused":20},{"unused":0}]}'
mkdir -p "$root/A/small/bad/memory.dentry_unused"
"$B"/cgdentry -J -o TOTAL -R /A/small > "$scratch/j" 2> /dev/null
expect_same "42.5 cgdentry -J -o TOTAL keeps hierarchy and error" \
	"$("$B"/cgtest-json -k . < "$scratch/j")|$("$B"/cgtest-json '.cgroups[0]' < "$scratch/j")|$("$B"/cgtest-json '.cgroups[1]' < "$scratch/j")" \
	'hierarchy cgroups|{"total_unused":20}|{"total_unused":null,"error":"Is a directory"}'
rm -rf "$root/A/small/bad"
"$B"/cgshrink -N 3 -J -o CGROUP,MS /A/small > "$scratch/j"
expect_same "42.5 cgshrink -J -o MS is elapsed_ms, as in -J" \
	"$("$B"/cgtest-json -k '.cgroups[0]' < "$scratch/j")" 'cgroup elapsed_ms'
: > "$root/A/small/memory.force_slab_shrink"
expect_usage "24.9 cgslabstat -J -o with -i is a usage error" "$B"/cgslabstat -J -o CGROUP -i 1 /A
expect_exit 0 "24.9 cgdentry -R -x TOTAL -r /A" "$B"/cgdentry -R -x total -r -o CGROUP,TOTAL /A
expect_same "24.9 -x TOTAL: a list sorted by value, not by text" "$out" "CGROUP TOTAL
/A/small 20
/A/big/deep 140
/A/big 340
/A 460"
expect_exit 0 "24.9 cgdentry -J -o CGROUP -x cgroup" "$B"/cgdentry -J -o CGROUP -x cgroup -R /A
expect_same "24.9 -J -o -x: sorted objects" \
	"$(printf '%s\n' "$out" | "$B"/cgtest-json '.cgroups[1].cgroup')" /A/big
expect_usage "24.9 -x BOGUS is a usage error" "$B"/cgdentry -x BOGUS /A
expect_usage "24.9 -x with -J and no -o is a usage error" "$B"/cgslabstat -J -x KEY /A
mkcg /A/small/a-rather-long-cgroup-name 3 3
expect_exit 0 "24.9 cgdentry -R -w 24 /A/small" env LC_ALL=C.UTF-8 "$B"/cgdentry -R -w 24 /A/small
expect_same "24.9 42.6 -w: the CGROUP column is cut to fit 24 columns, the cut marked" "$out" "CGROUP      UNUSED TOTAL
/A/small        20    20
└─a-rather…      3     3"
expect_exit 0 "42.6 cgdentry -R -w 24 /A/small in the C locale" env LC_ALL=C "$B"/cgdentry -R -w 24 /A/small
expect_same "42.6 -w: the cut marked with a dot where the locale has no ellipsis" "$out" "CGROUP      UNUSED TOTAL
/A/small        20    20
\`-a-rather.      3     3"
expect_exit 0 "24.9 -r is never cut" "$B"/cgdentry -R -r -n -w 24 /A/small
expect_text "24.9 -r keeps the whole name" "$out" "*a-rather-long-cgroup-name 3 3"
expect_usage "24.9 -w 0 is a usage error" "$B"/cgdentry -w 0 /A
# issue 42.6: a tree 200 deep on 80 columns: every row keeps some of its name
deep=/D
i=0
while [ $i -lt 200 ]; do deep=$deep/n$i; i=$((i + 1)); done
mkdir -p "$root$deep"
p=$deep
while [ "$p" != "" ]; do
	printf 'unused 1\ntotal_unused 1\n' > "$root$p/memory.dentry_unused"
	p=${p%/*}
done
expect_exit 0 "42.6 cgdentry -R -w 80 over a tree 200 deep" env LC_ALL=C.UTF-8 "$B"/cgdentry -R -w 80 /D
expect_same "42.6 every row of the deep tree shows a name (n0 ... n199), cut and marked where it must" \
	"$(printf '%s\n' "$out" | awk 'NR > 1 && !/(^|─)(\/D|n[0-9]+|n[0-9]*…) +1 +1$/ { bad++ } END { print bad + 0, NR }')" "0 202"
expect_same "42.7 the deep tree fits the 80 columns asked for" \
	"$(printf '%s\n' "$out" | LC_ALL=C.UTF-8 wc -L | awk '{ print ($1 <= 80) }')" 1
rm -rf "$root/D"
rm -rf "$root/A/small/a-rather-long-cgroup-name"
mkcg /P 1 1
rm "$root/P/memory.dentry_unused" "$root/P/memory.slab_reclaim_stat"
mkdir "$root/P/memory.dentry_unused" "$root/P/memory.slab_reclaim_stat"
for t in cgdentry:memcg_dentry_read_errors cgslabstat:memcg_slab_read_errors; do
	expect_exit 0 "24.9 ${t%%:*} --prometheus with one cgroup unreadable exits 0" \
		sh -c "$B/${t%%:*} --prometheus /A /P > '$scratch/prom'"
	expect_text "24.9 ${t%%:*} names it on stderr" "$err" "${t%%:*}: /P: memory.*: Is a directory"
	expect_same "24.9 42.4 ${t%%:*} counts it in ${t#*:}, per CGROUP named" \
		"$(grep "^${t#*:}{" "$scratch/prom" | tr '\n' '|')" "${t#*:}{cgroup=\"/A\"} 0|${t#*:}{cgroup=\"/P\"} 1|"
	check_prom "24.9 ${t%%:*} --prometheus with a failure follows the format" \
		"$B"/${t%%:*} --prometheus /A
	expect_exit 1 "24.9 ${t%%:*} --prometheus when nothing could be read exits 1" \
		"$B"/${t%%:*} --prometheus /P
done
rm -rf "$root/P"

# issue 24: node_exporter's textfile collector publishes every output that
# check_prom kept, as the tool printed it.  One node_exporter (its textfile
# collector alone, on a loopback port the kernel picks) runs for all of
# them; each is renamed into its directory, as cgtools(7) advises, and
# scraped once.  node_textfile_scrape_error 0 is not enough: node_exporter
# drops a duplicate series with only a line in its log, the scrape still
# saying 0, so the families and series are compared too: a cgroup dropped,
# merged or relabelled is a failure.

# canon FILE: the memcg_ families of FILE (HELP and TYPE lines) and their
# samples, labels sorted (node_exporter sorts them), values as integers
# (it prints a million as 1e+06); sorted
canon() {
	LC_ALL=C awk '/^# (HELP|TYPE) memcg_/ { print; next }
	/^memcg_/ {
		name = $0
		sub(/[{ ].*/, "", name)
		rest = substr($0, length(name) + 1)
		n = 0
		if (rest ~ /^\{/) {
			rest = substr(rest, 2)
			while (match(rest, /^[a-zA-Z_][a-zA-Z0-9_]*="([^"\\]|\\.)*"/)) {
				l[++n] = substr(rest, 1, RLENGTH)
				rest = substr(rest, RLENGTH + 1)
				sub(/^,/, "", rest)
			}
			sub(/^\}/, "", rest)
		}
		for (i = 2; i <= n; i++)
			for (j = i; j > 1 && l[j - 1] > l[j]; j--) {
				t = l[j]; l[j] = l[j - 1]; l[j - 1] = t
			}
		s = name "{"
		for (i = 1; i <= n; i++)
			s = s (i > 1 ? "," : "") l[i]
		printf "%s} %.0f\n", s, rest
	}' "$@" | LC_ALL=C sort | awk '!/^#/ || !seen[$0]++'	# HELP, TYPE once
}

# textfile_start: node_exporter on the directory $tf, waiting (10 s at
# most) until it listens; sets $nepid and $neport, or says why not in
# $scratch/why
textfile_start() {
	for c in prometheus-node-exporter:prometheus-node-exporter curl:curl; do
		if ! command -v "${c%%:*}" > /dev/null; then
			echo "${c%%:*} not found: Debian's ${c#*:} package has it (make deps)" > "$scratch/why"
			return 1
		fi
	done
	prometheus-node-exporter --collector.disable-defaults --collector.textfile \
		--collector.textfile.directory="$tf" --web.disable-exporter-metrics \
		--web.listen-address=127.0.0.1:0 > "$scratch/nelog" 2>&1 &
	nepid=$!
	tries=0
	while :; do
		# the address it listens on, as it logs it once it does
		neport=$(sed -n 's/.*msg="Listening on" address=127\.0\.0\.1:\([0-9][0-9]*\).*/\1/p' "$scratch/nelog")
		[ -n "$neport" ] && return 0
		if ! kill -0 "$nepid" 2> /dev/null || [ $tries -ge 200 ]; then
			printf 'node_exporter did not listen within 10 s:\n%s\n' "$(cat "$scratch/nelog")" > "$scratch/why"
			return 1
		fi
		sleep 0.05
		tries=$((tries + 1))
	done
}

# textfile_check FILE...: the FILEs renamed into $tf (alone there), one
# scrape ($scratch/scrape) publishes them without error, every family and
# series as the FILEs have them; what differs goes to $scratch/why
textfile_check() {
	rm -f "$tf"/*.prom
	i=0
	for f in "$@"; do
		i=$((i + 1))
		if ! { cp "$f" "$tf/memcg.prom.tmp" && mv "$tf/memcg.prom.tmp" "$tf/memcg-$i.prom"; } 2> "$scratch/why"; then
			return 1
		fi
	done
	if ! curl -sS --fail --noproxy '*' --max-time 10 -o "$scratch/scrape" \
		"http://127.0.0.1:$neport/metrics" 2> "$scratch/why"; then
		return 1
	fi
	canon "$@" > "$scratch/want"
	canon "$scratch/scrape" > "$scratch/got"
	if ! grep -qx 'node_textfile_scrape_error 0' "$scratch/scrape"; then
		grep '^node_textfile_scrape_error' "$scratch/scrape" || echo "no node_textfile_scrape_error"
		tail -n 3 "$scratch/nelog"
	fi > "$scratch/why"
	grep -q '^memcg_' "$scratch/want" || echo "no memcg_ sample in the file" >> "$scratch/why"
	LC_ALL=C comm -23 "$scratch/want" "$scratch/got" | sed 's/^/not published: /' >> "$scratch/why"
	LC_ALL=C comm -13 "$scratch/want" "$scratch/got" | sed 's/^/published, not in the file: /' >> "$scratch/why"
	[ ! -s "$scratch/why" ]
}

tf=$scratch/textfile
mkdir "$tf"
if textfile_start; then
	neup=yes
else
	neup=no
	cp "$scratch/why" "$scratch/nedown"
fi
n=1
while [ $n -le $prom_n ]; do
	name="24 node_exporter's textfile collector publishes it: $(cat "$scratch/outputs/$n.name")"
	if [ $neup = no ]; then
		not_ok "$name" "$(cat "$scratch/nedown")"
	elif textfile_check "$scratch/outputs/$n.prom"; then
		ok "$name"
	else
		not_ok "$name" "$(head -n 20 "$scratch/why")"
	fi
	[ -f "$scratch/scrape" ] && mv "$scratch/scrape" "$scratch/outputs/$n.scrape"
	n=$((n + 1))
done
expect_same "24.1 node_exporter publishes each cgroup of /U once, as printed" \
	"$(grep '^memcg_dentry_unused{' "$scratch/outputs/$u_out.scrape" 2> /dev/null | sort | tr '\n' '|')" "$u_want"
expect_same "node_exporter publishes the cgroup named with a quote, a backslash and a newline" \
	"$(grep '^memcg_dentry_unused_subtree{cgroup="\\\\x2fA/q' "$scratch/outputs/$q_out.scrape" 2> /dev/null)" \
	'memcg_dentry_unused_subtree{cgroup="\\x2fA/q\"uo\\x5cte\\x0anl"} 3'
# the check itself fails where it must: a duplicate series (node_exporter
# drops one, its scrape error still 0), a timestamp (it refuses the file),
# label sets that differ within a family (it adds the missing ones, empty)
for bad in '# HELP memcg_t t\n# TYPE memcg_t gauge\nmemcg_t{cgroup="/A"} 1\nmemcg_t{cgroup="/A"} 1' \
	'# HELP memcg_t t\n# TYPE memcg_t gauge\nmemcg_t{cgroup="/A"} 1 1700000000000' \
	'# HELP memcg_t t\n# TYPE memcg_t gauge\nmemcg_t{cgroup="/A"} 1\nmemcg_t{cgroup="/B",node="0"} 2'; do
	# shellcheck disable=SC2059 # the escapes in $bad are meant
	printf "$bad\\n" > "$scratch/bad.prom"
	if [ $neup = no ]; then
		not_ok "24 the node_exporter check rejects: $bad" "$(cat "$scratch/nedown")"
	elif textfile_check "$scratch/bad.prom"; then
		not_ok "24 the node_exporter check rejects: $bad" "it passed"
	else
		ok "24 the node_exporter check rejects: $bad"
	fi
done
# issue 42.4: one textfile per subtree, as a node_exporter setup writes
# them (-R /T1 and -R /T2, each with a cgroup it cannot read): every
# series, the error gauges included, is unique across the files, and one
# scrape of all four publishes all of them
mkcg /T1 1 2
mkcg /T1/c 1 1
mkcg /T2 3 4
mkcg /T2/c 1 1
: > "$root/T1/c/fakecg.eacces"
: > "$root/T2/c/fakecg.eacces"
i=0
for t in cgdentry cgslabstat; do
	for cg in /T1 /T2; do
		i=$((i + 1))
		"$B"/$t -R --prometheus "$cg" > "$scratch/t42-$i.prom" 2> /dev/null
	done
done
expect_same "42.4 the error gauges carry the CGROUP named" \
	"$(grep -h '_read_errors{' "$scratch"/t42-*.prom | tr '\n' '|')" \
	'memcg_dentry_read_errors{cgroup="/T1"} 1|memcg_dentry_read_errors{cgroup="/T2"} 1|memcg_slab_read_errors{cgroup="/T1"} 1|memcg_slab_read_errors{cgroup="/T2"} 1|'
if [ $neup = no ]; then
	not_ok "42.4 node_exporter publishes four textfiles of one host at once" "$(cat "$scratch/nedown")"
elif textfile_check "$scratch"/t42-1.prom "$scratch"/t42-2.prom "$scratch"/t42-3.prom "$scratch"/t42-4.prom; then
	ok "42.4 node_exporter publishes four textfiles of one host at once"
else
	not_ok "42.4 node_exporter publishes four textfiles of one host at once" "$(head -n 20 "$scratch/why")"
fi
expect_exit 0 "42.4 cgdentry --prometheus -R / /T1 /T1: overlapping CGROUPs" \
	"$B"/cgdentry --prometheus -R / /T1 /T1
expect_same "42.4 one error gauge per CGROUP named, each counting its subtree" \
	"$(printf '%s\n' "$out" | grep '_read_errors{' | tr '\n' '|')" \
	'memcg_dentry_read_errors{cgroup="/"} 2|memcg_dentry_read_errors{cgroup="/T1"} 1|'
rm -rf "$root/T1" "$root/T2"
rm -f "$tf"/*.prom
# issue 42.8: the installed service's commands, as the unit has them (the
# collector's directory a scratch one, the tools the fake backend's), write
# both textfiles, rename them into place, leave no temporary file, and one
# scrape publishes the two at once
mkdir "$scratch/svc"
sed -n 's/^ExecStart=//p' "$scratch/cgtools-textfile.service" |
	sed "s|/var/lib/prometheus/node-exporter|$scratch/svc|g; s|/usr/bin/|$B/|g" > "$scratch/svc.cmds"
st=0
while IFS= read -r cmd; do
	eval "$cmd" 2> /dev/null || st=1
done < "$scratch/svc.cmds"
expect_same "42.8 the service's commands: both files renamed into place, no temporary file" \
	"$st $(cd "$scratch/svc" && printf '%s ' *)" "0 memcg_dentry.prom memcg_slab.prom "
if [ $neup = no ]; then
	not_ok "42.8 node_exporter publishes the service's two files at once" "$(cat "$scratch/nedown")"
elif textfile_check "$scratch/svc/memcg_dentry.prom" "$scratch/svc/memcg_slab.prom"; then
	ok "42.8 node_exporter publishes the service's two files at once"
else
	not_ok "42.8 node_exporter publishes the service's two files at once" "$(head -n 20 "$scratch/why")"
fi
rm -f "$tf"/*.prom
if [ -n "$nepid" ]; then
	{ kill "$nepid"; wait "$nepid"; } 2> /dev/null
	nepid=
fi

# cgslabstat: all 18 keys, or a partial table and 64
expect_exit 0 "cgslabstat /A" "$B"/cgslabstat -r /A
expect_text "cgslabstat: nine rows, own and total" "$(echo "$out" | sed -n '1p;2p;10p' | tr '\n' '|')" \
	"CGROUP KEY OWN TOTAL|/A global_scanned 1014 1014|/A forced_shrinks 1014 1014|"
expect_exit 0 "cgslabstat -J /A" sh -c "$B/cgslabstat -J /A | $B/cgtest-json -k '.cgroups[0].stat'"
expect_text "cgslabstat -J: every key in file order" "$out" \
	"global_scanned global_reclaimed limit_scanned limit_reclaimed forced_scanned forced_reclaimed dentry_reclaimed inode_reclaimed forced_shrinks total_global_scanned total_global_reclaimed total_limit_scanned total_limit_reclaimed total_forced_scanned total_forced_reclaimed total_dentry_reclaimed total_inode_reclaimed total_forced_shrinks"
mkcg /short 7 7
sed -i '$d' "$root/short/memory.slab_reclaim_stat"	# 17 keys
expect_exit 1 "cgslabstat with 17 of 18 keys exits 1" "$B"/cgslabstat -r /short
expect_text "cgslabstat names the missing key" "$err" \
	"cgslabstat: /short: memory.slab_reclaim_stat: no key total_forced_shrinks"
expect_text "cgslabstat shows what it read, the missing value as -" \
	"$(echo "$out" | tail -n 1)" "/short forced_shrinks 84 -"
expect_exit 64 "cgslabstat /A /short exits 64" "$B"/cgslabstat -J /A /short
printf '%s\n' "$out" > "$scratch/j"
expect_text "JSON of the short one says why" "$("$B"/cgtest-json '.cgroups[1].error' < "$scratch/j")" "Cgroup parsing failed"
rm -rf "$root/short"

# cgslabstat -i: a cgroup removed mid-run is reported, the others go on
mkcg /gone 1 1
"$B"/cgslabstat -i 0.2 -c 5 -J /A /gone > "$scratch/lines" 2> "$scratch/err" &
pid=$!
tries=0
while ! grep -q '"/gone"' "$scratch/lines" 2> /dev/null && [ $tries -lt 100 ]; do
	sleep 0.05
	tries=$((tries + 1))
done
rm -rf "$root/gone"
wait $pid
expect_text "cgslabstat -i exits 64 when a cgroup vanished" "$?" 64
expect_text "cgslabstat -i names it once" "$(cat "$scratch/err")" "cgslabstat: /gone: Cgroup does not exist in the directory*"
expect_text "cgslabstat -i went on with the others" "$("$B"/cgtest-json .cgroup < "$scratch/lines" | grep -c '^/A$')" 5
expect_exit 0 "cgslabstat -i 0.1 -c 2 (table)" "$B"/cgslabstat -i 0.1 -c 2 -o TIME,CGROUP,SHRINK /A /
expect_text "cgslabstat -i: one header, a line per cgroup per interval" \
	"$(echo "$out" | awk '{ print $2, $3 }' | tr '\n' '|')" "CGROUP SHRINK|/A 0|/ 0|/A 0|/ 0|"
expect_exit 1 "cgslabstat -i on stdout=/dev/full fails" sh -c "$B/cgslabstat -i 0.1 -c 1 /A > /dev/full"
# issue 42.6: -i prints an interval at a time; a rate that grows past the
# first interval's width stays under its header
mkcg /J 1 1
(
	sleep 0.3
	awk '{ print $1, $2 + 1000000 }' "$root/J/memory.slab_reclaim_stat" > "$scratch/jump" &&
		mv "$scratch/jump" "$root/J/memory.slab_reclaim_stat"
) &
jumper=$!
expect_exit 0 "42.6 cgslabstat -i 0.2 -c 4 over counters that jump" "$B"/cgslabstat -i 0.2 -c 4 /J
wait $jumper
expect_same "42.6 cgslabstat -i: every line as long as the header, the jump included" \
	"$(printf '%s\n' "$out" | awk '{ print length($0) }' | sort -u | wc -l)|$(printf '%s\n' "$out" | awk 'NR > 1 { print $3 }' | sort -nu | tail -n 1 | wc -c)" \
	"1|8"
rm -rf "$root/J"

# cgshrink on the fake tree: the write, -n (no headings), -N, --above
expect_exit 0 "cgshrink -a -n /A/small" "$B"/cgshrink -a -n /A/small
expect_text "cgshrink -n: no header; the row" "$out" "/A/small *20 *20 *20 *20 *0 *0 *[0-9]*"
expect_text "cgshrink wrote all" "$(cat "$root/A/small/memory.force_slab_shrink")" all
expect_exit 0 "cgshrink -N 7 /A/big" "$B"/cgshrink -N 7 -o CGROUP,STATUS -r /A/big
expect_text "cgshrink -N wrote the count" "$(cat "$root/A/big/memory.force_slab_shrink")" 7
expect_text "cgshrink -o STATUS" "$out" "CGROUP STATUS
/A/big ok"
: > "$root/A/small/memory.force_slab_shrink"
expect_exit 0 "cgshrink -R --above 150 /A" "$B"/cgshrink -a -R --above 150 /A
expect_text "cgshrink --above: only the big one" "$(echo "$out" | awk '{ print $1 }' | tr '\n' ' ')" \
	"CGROUP /A/big "
expect_same "24.8 the summary goes to stderr" "$err" \
	"cgshrink: shrank 1 of 3 cgroups considered (subtree's unused dentries > 150)"
expect_text "cgshrink --above left the small one alone" "$(cat "$root/A/small/memory.force_slab_shrink")" ""

# issue 24.2: a failed shrink does not stop the others
: > "$root/A/big/memory.force_slab_shrink"
rm "$root/A/big/deep/memory.force_slab_shrink"
mkdir "$root/A/big/deep/memory.force_slab_shrink"	# the write fails: EISDIR
expect_exit 64 "24.2 cgshrink -R --above with /A/big/deep's write failing exits 64" \
	"$B"/cgshrink -R --above 10 -a -r -o CGROUP /A
expect_text "24.2 /A/big/deep's failure is named" "$err" "cgshrink: /A/big/deep: memory.force_slab_shrink: Is a directory*"
expect_text "24.2 /A/small is still shrunk" \
	"$(cat "$root/A/small/memory.force_slab_shrink")" all
expect_same "24.2 both reported, nothing above them written" "$out|$(cat "$root/A/memory.force_slab_shrink" "$root/A/big/memory.force_slab_shrink")" "CGROUP
/A/big/deep
/A/small|"
rmdir "$root/A/big/deep/memory.force_slab_shrink"
: > "$root/A/big/deep/memory.force_slab_shrink"
: > "$root/A/small/memory.force_slab_shrink"

# issue 24.8: no destructive default; --dry-run selects and writes nothing
expect_usage "24.8 cgshrink without -N or -a is a usage error" "$B"/cgshrink /A/small
expect_text "24.8 and says what it needs" "$err" "cgshrink: say what to free: -N N*or -a*Try*"
expect_same "24.8 nothing was written" "$(cat "$root/A/small/memory.force_slab_shrink")" ""
expect_usage "24.8 cgshrink -n 0 /A/small is a usage error" "$B"/cgshrink -n 0 /A/small
expect_exit 0 "24.8 cgshrink --dry-run -a -R --above 50 /A" \
	"$B"/cgshrink --dry-run -a -R --above 50 -r -o CGROUP,UNUSED_BEFORE,UNUSED_AFTER,STATUS /A
expect_same "24.8 --dry-run: the same selection, nothing after, STATUS dry-run" "$out" "CGROUP UNUSED_BEFORE UNUSED_AFTER STATUS
/A/big/deep 140 - dry-run"
expect_same "24.8 --dry-run: its summary on stderr" "$err" \
	"cgshrink: would shrink 1 of 2 cgroups considered (subtree's unused dentries > 50)"
expect_same "24.8 --dry-run wrote nothing" \
	"$(cat "$root/A/memory.force_slab_shrink" "$root/A/big/memory.force_slab_shrink")" ""
"$B"/cgshrink --dry-run -N 5 -J /A/big /A/small > "$scratch/j"
expect_same "24.8 --dry-run JSON: dry_run, each cgroup not shrunk" \
	"$("$B"/cgtest-json .dry_run < "$scratch/j") $("$B"/cgtest-json '.cgroups[1].shrunk' < "$scratch/j") $("$B"/cgtest-json -t '.cgroups[1].unused_after' < "$scratch/j")" \
	"true false null"

# issue 24.5: a cgroup that exists but fails keeps its entry (null, error)
mkcg /E 1 1
rm "$root/E/memory.dentry_unused" "$root/E/memory.slab_reclaim_stat"
mkdir "$root/E/memory.dentry_unused" "$root/E/memory.slab_reclaim_stat"
expect_exit 64 "24.5 cgdentry -J /A /E exits 64" "$B"/cgdentry -J /A/small /E
printf '%s\n' "$out" > "$scratch/j"
expect_same "24.5 cgdentry -J /A/small /E: /E keeps its entry" \
	"$("$B"/cgtest-json '.cgroups[cgroup=/E]' < "$scratch/j")" \
	'{"cgroup":"/E","depth":0,"unused":null,"total_unused":null,"nodes":[],"error":"Is a directory"}'
expect_exit 64 "24.5 cgdentry /A/small /E (table) exits 64" "$B"/cgdentry -r /A/small /E
expect_same "24.5 the table marks it" "$out" "CGROUP UNUSED TOTAL
/A/small 20 20
/E - -"
expect_exit 1 "24.5 cgslabstat -R -J /E (all failed) exits 1" "$B"/cgslabstat -R -J /E
printf '%s\n' "$out" > "$scratch/j"
expect_same "24.5 cgslabstat -R -J: the entry, stat null, error" \
	"$("$B"/cgtest-json '.cgroups[0]' < "$scratch/j")" \
	'{"cgroup":"/E","stat":null,"error":"Is a directory"}'
expect_exit 64 "24.5 cgslabstat -r /A/small /E exits 64" "$B"/cgslabstat -r -o CGROUP,KEY /A/small /E
expect_same "24.5 cgslabstat's table marks it" "$(echo "$out" | tail -n 1)" "/E -"
mkcg /E/child 1 1
rm "$root/E/child/memory.force_slab_shrink"
mkdir "$root/E/child/memory.force_slab_shrink"
expect_exit 1 "24.5 cgshrink -a -J of a cgroup whose write fails exits 1" "$B"/cgshrink -a -J /E/child
printf '%s\n' "$out" > "$scratch/j"
expect_same "24.5 cgshrink keeps the failed write's entry" \
	"$("$B"/cgtest-json '.cgroups[0]' < "$scratch/j")" \
	'{"cgroup":"/E/child","unused_before":1,"unused_after":null,"total_unused_before":1,"total_unused_after":null,"freed":null,"dentries_freed":null,"elapsed_ms":null,"shrunk":false,"interrupted":false,"error":"Is a directory"}'
expect_exit 1 "24.5 cgshrink -a --above 0 /E /E/child: /E unreadable, /E/child unwritable" \
	"$B"/cgshrink -a --above 0 -r -o CGROUP,STATUS /E /E/child
expect_same "24.5 cgshrink: both have a row saying why" "$out" "CGROUP STATUS
/E Is\x20a\x20directory
/E/child Is\x20a\x20directory"
rm -rf "$root/E"

# the shrink done, the read after it failing: reported, marked, 64
mkcg /S 9 9
rm "$root/S/memory.dentry_unused" "$root/S/memory.force_slab_shrink"
mkfifo "$root/S/memory.dentry_unused" "$root/S/memory.force_slab_shrink"
(
	printf 'unused 9\ntotal_unused 9\n' > "$root/S/memory.dentry_unused"	# before
	cat "$root/S/memory.force_slab_shrink" > "$scratch/written"		# the shrink
	printf 'garbage\n' > "$root/S/memory.dentry_unused"			# after
) &
feeder=$!
expect_exit 64 "cgshrink whose read after the shrink fails exits 64" "$B"/cgshrink -a -J /S
wait $feeder
printf '%s\n' "$out" > "$scratch/j"
expect_text "the shrink was written" "$(cat "$scratch/written")" all
expect_text "the cgroup is still reported, after-values null" \
	"$("$B"/cgtest-json '.cgroups[0]' < "$scratch/j")" \
	'{"cgroup":"/S","unused_before":9,"unused_after":null,"total_unused_before":9,"total_unused_after":null,"freed":null,"dentries_freed":null,"elapsed_ms":*,"shrunk":true,"interrupted":false,"error":"Cgroup parsing failed"}'
expect_text "42.6 and the failure named, with the line that does not parse" "$err" "cgshrink: /S: memory.dentry_unused: line 1: garbage: Cgroup parsing failed"

# wait_blocked PID: until PID sleeps in a FIFO open (no writer/reader yet)
wait_blocked() {
	tries=0
	while [ "$(cat "/proc/$1/wchan" 2>/dev/null)" != wait_for_partner ] && [ $tries -lt 200 ]; do
		sleep 0.05
		tries=$((tries + 1))
	done
}

# feed FIFO TEXT: write TEXT (printf %b) to FIFO once a reader opens it,
# giving up after 10 s (a tool that died or never reads must not hang
# the tests)
feed() {
	# shellcheck disable=SC2016 # expanded by the inner sh
	timeout 10 sh -c 'printf "%b" "$1" > "$0"' "$1" "$2" ||
		echo "# feed $1: no reader in 10 s"
}
# sig_bit PID FIELD SIG: 1 when SIG is in the mask FIELD (SigBlk, SigCgt,
# ShdPnd, ...) of /proc/PID/status, else 0
sig_bit() {
	_m=$(awk -v f="$2:" '$1 == f { print $2 }' "/proc/$1/status")
	echo $(((0x${_m#"${_m%????????}"} >> ($3 - 1)) & 1))
}

# SIGINT while sampling: held back until the read is over (libcgroup
# takes a read that fails with EINTR for the end of the file, and
# memory.dentry_unused's read fails so with a signal pending), then the
# shrink is not started
rm -f "$root/S/memory.dentry_unused" "$root/S/memory.force_slab_shrink"
mkfifo "$root/S/memory.dentry_unused"
: > "$root/S/memory.force_slab_shrink"
"$B"/cgshrink -a -J /S > "$scratch/out" 2> "$scratch/err" &
pid=$!
wait_blocked $pid
kill -INT $pid
sleep 0.2
expect_text "SIGINT while sampling: held (SigBlk, ShdPnd), not taken" \
	"$(sig_bit $pid SigBlk 2) $(sig_bit $pid ShdPnd 2) $(sig_bit $pid SigCgt 2)" "1 1 1"
feed "$root/S/memory.dentry_unused" 'unused 9\ntotal_unused 9\n'
wait $pid
expect_text "SIGINT while sampling: exit 1" "$?" 1
expect_text "SIGINT while sampling: no write" "$(cat "$root/S/memory.force_slab_shrink")" ""
expect_text "SIGINT while sampling: said so" "$(cat "$scratch/err")" "cgshrink: interrupted*"
expect_text "SIGINT while sampling: JSON marked interrupted" \
	"$("$B"/cgtest-json .interrupted < "$scratch/out")" true

# SIGINT after the shrink, while the read after it is held: the shrink
# is reported with what it freed (tools-09 once saw "freed": null here),
# and, being the last, nothing was cut short: no "interrupted", exit 0
rm -f "$root/S/memory.dentry_unused" "$root/S/memory.slab_reclaim_stat"
mkfifo "$root/S/memory.dentry_unused"
printf 'total_forced_reclaimed 5\ntotal_dentry_reclaimed 3\n' > "$root/S/memory.slab_reclaim_stat"
: > "$root/S/memory.force_slab_shrink"
feed "$root/S/memory.dentry_unused" 'unused 9\ntotal_unused 9\n' &
feeder=$!
"$B"/cgshrink -a -J /S > "$scratch/out" 2> "$scratch/err" &
pid=$!
wait $feeder
wait_blocked $pid
printf 'total_forced_reclaimed 12\ntotal_dentry_reclaimed 7\n' > "$root/S/memory.slab_reclaim_stat"
kill -INT $pid
sleep 0.2
feed "$root/S/memory.dentry_unused" 'unused 2\ntotal_unused 2\n'
wait $pid
expect_text "SIGINT after the last shrink: exit 0 (nothing left undone)" "$?" 0
expect_text "SIGINT after the last shrink: not marked interrupted" \
	"$("$B"/cgtest-json .interrupted < "$scratch/out")" false
expect_text "SIGINT after the last shrink: nothing said" "$(cat "$scratch/err")" ""
expect_text "SIGINT after the shrink: reported whole, with what it freed" \
	"$("$B"/cgtest-json '.cgroups[0]' < "$scratch/out")" \
	'{"cgroup":"/S","unused_before":9,"unused_after":2,"total_unused_before":9,"total_unused_after":2,"freed":7,"dentries_freed":4,"elapsed_ms":*,"shrunk":true,"interrupted":false}'
expect_text "SIGINT after the shrink: written once" "$(cat "$root/S/memory.force_slab_shrink")" all
rm -f "$root/S/memory.dentry_unused" "$root/S/memory.force_slab_shrink"

# SIGINT after the first of two shrinks: the second cgroup is left alone,
# and that is an interruption (exit 1, said, marked)
mkcg /T 5 5
mkfifo "$root/S/memory.dentry_unused"
: > "$root/S/memory.force_slab_shrink"
feed "$root/S/memory.dentry_unused" 'unused 9\ntotal_unused 9\n' &
feeder=$!
"$B"/cgshrink -a -J /S /T > "$scratch/out" 2> "$scratch/err" &
pid=$!
wait $feeder
wait_blocked $pid
kill -INT $pid
sleep 0.2
feed "$root/S/memory.dentry_unused" 'unused 2\ntotal_unused 2\n'
wait $pid
expect_text "SIGINT after the first of two shrinks: exit 1" "$?" 1
expect_text "SIGINT after the first of two shrinks: marked interrupted, one reported" \
	"$("$B"/cgtest-json .interrupted < "$scratch/out") $("$B"/cgtest-json -l .cgroups < "$scratch/out")" "true 1"
expect_text "SIGINT after the first of two shrinks: the second not written" \
	"$(cat "$root/T/memory.force_slab_shrink")" ""
expect_text "SIGINT after the first of two shrinks: said so" \
	"$(cat "$scratch/err")" "*stopped before the next cgroup*"
rm -rf "$root/T"
rm -f "$root/S/memory.dentry_unused" "$root/S/memory.force_slab_shrink"

# a second SIGINT kills: the first ends the write (EINTR) and its handler
# resets itself (SigCgt); the second, sent while the read after the
# write is held, is delivered when that read returns, and kills
mkfifo "$root/S/memory.dentry_unused" "$root/S/memory.force_slab_shrink"
feed "$root/S/memory.dentry_unused" 'unused 9\ntotal_unused 9\n' &
feeder=$!
"$B"/cgshrink -a -J /S > "$scratch/out" 2> "$scratch/err" &
pid=$!
# no hang if it survives; its sleep outlives the kill below, so it must
# not hold our stdout: a caller reading it through a pipe (check.sh's
# stage | tee) would wait the whole 30 s for the end of the output
(sleep 30; kill -KILL $pid) > /dev/null 2>&1 &
watchdog=$!
wait $feeder
wait_blocked $pid	# in the write's open
kill -INT $pid
tries=0
while [ $tries -lt 200 ] && [ "$(sig_bit $pid SigCgt 2)" = 1 ]; do
	sleep 0.05
	tries=$((tries + 1))
done
wait_blocked $pid	# in the read after it
kill -INT $pid
sleep 0.2
feed "$root/S/memory.dentry_unused" 'unused 9\ntotal_unused 9\n'
wait $pid
expect_text "a second SIGINT kills cgshrink (status 128+2)" "$?" 130
kill $watchdog 2>/dev/null
unset CGTOOLS_FAKE_ROOT

# --- issues 22.3 and 24.12: cgroup v2 and hybrid hosts.  Each host is a
# fake mountinfo ($CGTOOLS_FAKE_MOUNTINFO) whose cgroup mounts are
# directories here; the fake backend picks the memory hierarchy as
# libcgroup does (a v1 mount whose options name memory, else the cgroup2
# mount whose cgroup.controllers lists it).
hosts=$scratch/hosts
# mi ID POINT FSTYPE SUPER-OPTIONS: one mountinfo line
mi() { echo "$1 1 0:$1 / $2 rw,relatime shared:$1 - $3 $3 $4"; }
# ctl CGROUP CONTROLLERS [SUBTREE]: a v2 cgroup's two controller files
ctl() {
	mkdir -p "$root$1"
	echo "$2" > "$root$1/cgroup.controllers"
	echo "${3:-}" > "$root$1/cgroup.subtree_control"
}

# a v2-only host: cgroup2 at /sys/fs/cgroup, memory enabled down to /A/B,
# not in /A/B's children (nor, then, below them)
v2=$hosts/v2/sys/fs/cgroup
mkdir -p "$v2"
{ mi 22 /proc proc rw; mi 30 "$v2" cgroup2 rw,nsdelegate,memory_recursiveprot; } > "$hosts/v2.mountinfo"
root=$v2
mkcg / 5 125
mkcg /A 100 120
mkcg /A/B 20 20
ctl / "cpuset cpu io memory pids" "cpu memory"
ctl /A "cpu memory" memory
ctl /A/B memory
ctl /A/B/leaf ""
ctl /A/B/leaf/below ""
export CGTOOLS_FAKE_MOUNTINFO="$hosts/v2.mountinfo"
expect_exit 0 "22.3 v2: cgdentry -J /" "$B"/cgdentry -J /
printf '%s\n' "$out" > "$scratch/j"
expect_same "22.3 v2: the JSON names the hierarchy it read" \
	"$("$B"/cgtest-json .hierarchy < "$scratch/j")" "{\"version\":2,\"mount\":\"$v2\"}"
expect_same "22.3 v2: hierarchy comes first, then the cgroups" \
	"$("$B"/cgtest-json -k . < "$scratch/j")" "hierarchy cgroups"
expect_same "22.3 v2: / read from the cgroup2 root" "$("$B"/cgtest-json '.cgroups[0].total_unused' < "$scratch/j")" 125
expect_exit 0 "22.3 v2: cgdentry -R / exits 0" "$B"/cgdentry -R -r -n -o CGROUP,UNUSED /
expect_same "22.3 v2: -R shows the memory cgroups, not those without the controller" "$out" "/ 5
/A 100
/A/B 20"
expect_exit 0 "22.3 v2: cgdentry /A/B, A/B and -g memory:/A/B" \
	"$B"/cgdentry -r -n /A/B A/B -g memory:/A/B
expect_same "22.3 v2: each names /A/B (once)" "$out" "/A/B 20 20"
expect_exit 32 "22.3 v2: cgdentry of a cgroup without the memory controller exits 32" \
	"$B"/cgdentry /A/B/leaf
expect_same "22.3 v2: and says which subtree_control lacks +memory" "$err" \
	"cgdentry: /A/B/leaf: Memory controller not enabled (cgroup v2: +memory is not in $v2/A/B/cgroup.subtree_control)"
expect_exit 32 "22.3 v2: cgdentry -R of one exits 32" "$B"/cgdentry -R /A/B/leaf/below
expect_exit 64 "22.3 v2: cgdentry /A /A/B/leaf exits 64" "$B"/cgdentry -r -n /A /A/B/leaf
expect_same "22.3 v2: the memory cgroup is reported" "$out" "/A 100 120"
expect_exit 32 "22.3 v2: cgdentry /nope exits 32" "$B"/cgdentry /nope
expect_same "22.3 v2: a missing cgroup: the message names the v2 hierarchy" "$err" \
	"cgdentry: /nope: Cgroup does not exist in the cgroup v2 hierarchy at $v2"
expect_exit 0 "22.3 v2: cgslabstat -R -J /A" "$B"/cgslabstat -R -J /A
printf '%s\n' "$out" > "$scratch/j"
expect_same "22.3 v2: cgslabstat -J names the hierarchy, reads the memory cgroups" \
	"$("$B"/cgtest-json .hierarchy.version < "$scratch/j") $("$B"/cgtest-json '.cgroups[1].cgroup' < "$scratch/j") $("$B"/cgtest-json -l .cgroups < "$scratch/j") $("$B"/cgtest-json '.cgroups[1].stat.forced_shrinks' < "$scratch/j")" \
	"2 /A/B 2 214"
expect_exit 32 "22.3 v2: cgslabstat of a cgroup without the memory controller exits 32" \
	"$B"/cgslabstat /A/B/leaf
expect_exit 0 "22.3 v2: cgshrink -a -R --above 50 -J /" "$B"/cgshrink -a -R --above 50 -J /
printf '%s\n' "$out" > "$scratch/j"
expect_same "22.3 v2: cgshrink wrote the v2 file of the one above 50" \
	"$(cat "$v2/memory.force_slab_shrink")|$(cat "$v2/A/memory.force_slab_shrink")|$(cat "$v2/A/B/memory.force_slab_shrink")" "|all|"
expect_same "22.3 v2: cgshrink -J names the hierarchy" \
	"$("$B"/cgtest-json .hierarchy < "$scratch/j") $("$B"/cgtest-json '.cgroups[0].cgroup' < "$scratch/j")" \
	"{\"version\":2,\"mount\":\"$v2\"} /A"
: > "$v2/A/memory.force_slab_shrink"
expect_exit 32 "22.3 v2: cgshrink -a of a cgroup without the memory controller exits 32" \
	"$B"/cgshrink -a /A/B/leaf
expect_text "22.3 v2: cgshrink says so" "$err" "cgshrink: /A/B/leaf: Memory controller not enabled*"
expect_same "22.3 v2: and writes nothing" "$(find "$v2/A/B/leaf" -name 'memory.*')" ""
# a threaded subtree: the files are the domain cgroup's only
ctl /A/B/thr "" ""
echo threaded > "$v2/A/B/thr/cgroup.type"
expect_exit 0 "22.3 v2: -R over a threaded child" "$B"/cgdentry -R -r -n -o CGROUP /A/B
expect_same "22.3 v2: the threaded cgroup is left out" "$out" "/A/B"
rm -rf "$v2/A/B/thr"

# v2 on a kernel without the series: one line naming v2 and where
root=$hosts/v2vanilla
ctl / "cpu memory" memory
mi 30 "$root" cgroup2 rw > "$hosts/v2vanilla.mountinfo"
for t in cgdentry cgslabstat "cgshrink -a"; do
	# shellcheck disable=SC2086 # the words of $t are meant
	expect_exit 1 "22.3 v2: $t on a kernel without the files exits 1" \
		env CGTOOLS_FAKE_MOUNTINFO="$hosts/v2vanilla.mountinfo" $B/$t /
	expect_text "22.3 v2: ${t%% *} names the v2 hierarchy that lacks them" "$err" \
		"${t%% *}: memory.*: this kernel does not provide it in the cgroup v2 hierarchy at $root (it needs*"
done

# a hybrid host: v1 controllers (memory among them) under a tmpfs at
# /sys/fs/cgroup, cgroup2 at /sys/fs/cgroup/unified (no controllers: all
# are v1's); a decoy memory.dentry_unused in unified is never read
hy=$hosts/hybrid/sys/fs/cgroup
mkdir -p "$hy/systemd" "$hy/cpu,cpuacct" "$hy/unified" "$hy/memory"
{ mi 25 "$hy" tmpfs ro,mode=755
  mi 26 "$hy/unified" cgroup2 rw,nsdelegate
  mi 27 "$hy/systemd" cgroup rw,xattr,name=systemd
  mi 31 "$hy/cpu,cpuacct" cgroup rw,cpu,cpuacct
  mi 35 "$hy/memory" cgroup rw,memory; } > "$hosts/hybrid.mountinfo"
root=$hy/unified
ctl / ""
mkcg /A 999 999
root=$hy/memory
mkcg / 3 10
mkcg /A 7 7
export CGTOOLS_FAKE_MOUNTINFO="$hosts/hybrid.mountinfo"
expect_exit 0 "24.12 hybrid: cgdentry -J /A" "$B"/cgdentry -J /A
printf '%s\n' "$out" > "$scratch/j"
expect_same "24.12 hybrid: the v1 memory hierarchy is read, and named" \
	"$("$B"/cgtest-json .hierarchy < "$scratch/j") $("$B"/cgtest-json '.cgroups[0].unused' < "$scratch/j")" \
	"{\"version\":1,\"mount\":\"$hy/memory\"} 7"
expect_exit 0 "24.12 hybrid: cgshrink -N 5 /A" "$B"/cgshrink -N 5 -r -n -o CGROUP /A
expect_same "24.12 hybrid: the v1 file is written, unified's is not" \
	"$(cat "$hy/memory/A/memory.force_slab_shrink")|$(cat "$hy/unified/A/memory.force_slab_shrink")" "5|"
expect_exit 32 "24.12 hybrid: cgdentry /nope exits 32" "$B"/cgdentry /nope
expect_same "24.12 hybrid: the message names the v1 hierarchy" "$err" \
	"cgdentry: /nope: Cgroup does not exist in the cgroup v1 hierarchy at $hy/memory"

# a hybrid host whose memory controller is on cgroup2 (v1 has cpu only)
hm=$hosts/hybrid2/sys/fs/cgroup
mkdir -p "$hm/systemd" "$hm/cpu" "$hm/unified"
{ mi 25 "$hm" tmpfs ro,mode=755
  mi 27 "$hm/systemd" cgroup rw,xattr,name=systemd
  mi 31 "$hm/cpu" cgroup rw,cpu
  mi 26 "$hm/unified" cgroup2 rw,nsdelegate; } > "$hosts/hybrid2.mountinfo"
root=$hm/unified
mkcg / 4 12
mkcg /A 8 8
ctl / "memory pids" memory
ctl /A memory
mkdir -p "$hm/cpu/A"
export CGTOOLS_FAKE_MOUNTINFO="$hosts/hybrid2.mountinfo"
expect_exit 0 "24.12 hybrid, memory on cgroup2: cgdentry -R -J /" "$B"/cgdentry -R -J /
printf '%s\n' "$out" > "$scratch/j"
expect_same "24.12 hybrid, memory on cgroup2: unified is read, and named" \
	"$("$B"/cgtest-json .hierarchy < "$scratch/j") $("$B"/cgtest-json '.cgroups[cgroup=/A].unused' < "$scratch/j")" \
	"{\"version\":2,\"mount\":\"$hm/unified\"} 8"
expect_exit 0 "24.12 hybrid, memory on cgroup2: cgslabstat -r -n -o CGROUP,OWN /A" \
	"$B"/cgslabstat -r -n -o CGROUP,KEY,OWN /A
expect_same "24.12 hybrid, memory on cgroup2: cgslabstat reads it" \
	"$(printf '%s\n' "$out" | grep ' forced_shrinks ')" "/A forced_shrinks 94"

# no memory controller anywhere (cgroup2 without it, v1 with cpu only)
root=$hosts/none
ctl / "cpu pids"
{ mi 26 "$root" cgroup2 rw; mi 31 "$hm/cpu" cgroup rw,cpu; } > "$hosts/none.mountinfo"
export CGTOOLS_FAKE_MOUNTINFO="$hosts/none.mountinfo"
for t in cgdentry cgslabstat "cgshrink -a"; do
	# shellcheck disable=SC2086 # the words of $t are meant
	expect_exit 1 "24.12 no memory hierarchy: $t exits 1" $B/$t /
	expect_text "24.12 no memory hierarchy: ${t%% *} says so" "$err" \
		"${t%% *}: no memory cgroup hierarchy (neither a cgroup v1 mount with the memory controller nor a cgroup2 mount with memory in its cgroup.controllers): *"
done
unset CGTOOLS_FAKE_MOUNTINFO

# the static tools, on libcgroup, on this host: they name the hierarchy
# that /proc/self/mountinfo shows the memory controller on (in their JSON,
# or in the one line a kernel without the files gets)
want=$(awk '{ for (i = 7; $i != "-"; i++) ; if ($(i + 1) == "cgroup" && ("," $(i + 3) ",") ~ /,memory,/) { print "1 " $5; exit } }' /proc/self/mountinfo)
if [ -z "$want" ]; then
	want=$(awk '{ for (i = 7; $i != "-"; i++) ; if ($(i + 1) == "cgroup2") print $5 }' /proc/self/mountinfo |
		while read -r m; do
			grep -qw memory "$m/cgroup.controllers" 2> /dev/null && { echo "2 $m"; break; }
		done)
fi
"$O"/cgdentry -J / > "$scratch/j" 2> "$scratch/err"
case "$want" in
"")
	expect_text "24.12 this host (no memory hierarchy): cgdentry says so" "$(cat "$scratch/err")" \
		"cgdentry: no memory cgroup hierarchy *" ;;
*)
	if [ -s "$scratch/j" ]; then
		got="$("$O"/cgtest-json .hierarchy.version < "$scratch/j") $("$O"/cgtest-json .hierarchy.mount < "$scratch/j")"
	else
		got=$(sed -n 's/.* in the cgroup v\([12]\) hierarchy at \(.*\) (it needs.*/\1 \2/p' "$scratch/err")
	fi
	expect_same "24.12 this host: the static cgdentry reads the hierarchy mountinfo has memory on" \
		"$got" "$want" ;;
esac

# --- the man pages: one per tool, and cgtools(7); groff -ww finds nothing
for m in cgdentry.1 cgslabstat.1 cgshrink.1 cgtools.7; do
	if [ ! -f "$m" ]; then
		not_ok "man page $m exists"
		continue
	fi
	w=$(groff -ww -z -man -Tutf8 "$m" 2>&1)
	if [ -z "$w" ]; then
		ok "groff -ww -z -man $m: no warnings"
	else
		not_ok "groff -ww -z -man $m: no warnings" "$w"
	fi
	case $m in
	*.1)
		for s in NAME SYNOPSIS DESCRIPTION OPTIONS ENVIRONMENT "EXIT STATUS" "SEE ALSO"; do
			if grep -q "^\.SH \"*$s\"*\$" "$m"; then
				ok "$m has $s"
			else
				not_ok "$m has $s"
			fi
		done
		if grep -q CGROUP_LOGLEVEL "$m"; then
			ok "$m documents CGROUP_LOGLEVEL"
		else
			not_ok "$m documents CGROUP_LOGLEVEL"
		fi
		;;
	esac
done

# issue 24.6: mandoc lints them clean (the .TH date too); EXAMPLES never
# write straight into the collector's directory; each tool's page and
# --help name the same long options
for m in cgdentry.1 cgslabstat.1 cgshrink.1 cgtools.7; do
	w=$(mandoc -Tlint -W all "$m" 2>&1)
	if [ -z "$w" ]; then
		ok "24.6 mandoc -Tlint $m: clean"
	else
		not_ok "24.6 mandoc -Tlint $m: clean" "$w"
	fi
	ex=$(sed -n '/^\.SH EXAMPLES/,/^\.SH/p' "$m")
	if printf '%s\n' "$ex" | grep -q '> *[^ ]*\.prom *$' ||
	   printf '%s\n' "$ex" | grep -q '> *[^ ]*node.exporter[^ ]*\.prom\b'; then
		not_ok "24.6 $m: EXAMPLES write to a temporary file and rename" "$ex"
	else
		ok "24.6 $m: EXAMPLES write to a temporary file and rename"
	fi
	# a comment beside the example commands starts at one column as rendered
	cols=$(groff -man -Tutf8 -P-cbou "$m" 2>/dev/null |
		sed -n '/^EXAMPLES/,/^[A-Z]/p' | grep '^ *cg[a-z]* ' |
		sed -n 's/^\( *[^ ].*[^ ]\)  \+[^ ].*/\1/p' |
		awk '{ print length($0) }' | sort -u | wc -l)
	if [ "$cols" -le 1 ]; then
		ok "24.6 $m: EXAMPLES aligned as rendered"
	else
		not_ok "24.6 $m: EXAMPLES aligned as rendered" "$cols different columns"
	fi
done
for t in cgdentry cgslabstat cgshrink; do
	inman=$(grep -o '\\-\\-[a-z][a-z\\-]*' "$t.1" | sed 's/\\-/-/g' | sort -u | tr '\n' ' ')
	inhelp=$("$O"/$t --help | grep -o -- '--[a-z][a-z-]*' | sort -u | tr '\n' ' ')
	expect_same "24.6 $t.1 and $t --help name the same long options" "$inman" "$inhelp"
done
expect_same "24.6 cgtools.7 names -R (not -r) for depth, -N (not -n) for counts" \
	"$(grep -c 'without \\-r)\|\\-n 0\|\\-n 12x\|N of \\-n' cgtools.7)" 0

# --- issue 42.2: every command of every page's EXAMPLES, exactly as the
# page prints it (its roff source, \- as -; a line ending in && joined with
# the next), runs on a host shaped as the examples assume: the root's own
# lists at 350000 (what is charged to no cgroup), a pod at 500000 under
# /kubepods, /A.  D=, the node_exporter directory, is a scratch directory:
# the host's own is not the tests' to write.  Each command exits 0; the
# runtime's policy selects the pod, never the root nor /kubepods, and
# writes nothing else.
ex_root=$scratch/examples
saved_root=$root
root=$ex_root
mkcg / 350000 900100
mkcg /A 100 100
mkcg /kubepods 0 549990
mkcg /kubepods/pod1 500000 500000
mkcg /kubepods/pod2 49990 49990
root=$saved_root
mkdir "$scratch/node-exporter"
# the force files written, as "PATH=VALUE|", and emptied again
written() {
	find "$ex_root" -name memory.force_slab_shrink -size +0 | LC_ALL=C sort |
		while read -r f; do
			d=${f%/memory.force_slab_shrink}
			printf '%s=%s|' "${d#"$ex_root"}" "$(cat "$f")"
			: > "$f"
		done
}
for m in cgdentry.1 cgslabstat.1 cgshrink.1 cgtools.7; do
	sed -n '/^\.SH EXAMPLES/,/^\.SH SEE/p' "$m" |
		awk '/^\.nf/ { on = 1; next } /^\.fi/ { on = 0 } on && !/^\./' |
		sed 's/\\-/-/g' |
		awk '{ line = line (line == "" ? "" : " ") $0 }
		     !/&& *$/ { print line; line = "" }' > "$scratch/examples.txt"
	if grep -q '^cg' "$scratch/examples.txt"; then
		ok "42.2 $m has EXAMPLES to run"
	else
		not_ok "42.2 $m has EXAMPLES to run"
	fi
	while IFS= read -r cmd; do
		case $cmd in
		D=*) continue ;;
		esac
		env PATH="$B:$PATH" CGTOOLS_FAKE_ROOT="$ex_root" \
			D="$scratch/node-exporter" sh -c "$cmd" > "$scratch/out" 2> "$scratch/err" < /dev/null
		st=$? out=$(cat "$scratch/out") err=$(cat "$scratch/err")
		# what it must have written, and (the policy) selected
		w=$(written) want='' bad=''
		case $cmd in
		"cgshrink -N 10000 /A") want='/A=10000|' ;;
		*"--above 100000 /") want='/kubepods/pod1=all|' ;;
		esac
		[ $st -eq 0 ] || bad="exit $st;"
		[ "$w" = "$want" ] || bad="$bad written '$w', want '$want';"
		case $cmd in
		*"--above 100000 --dry-run /"|*"--above 100000 /")
			rows=$(printf '%s\n' "$out" | awk 'NR > 1 { print $1 }' | tr '\n' '|')
			[ "$rows" = '/kubepods/pod1|' ] || bad="$bad selected '$rows', want the pod alone;" ;;
		*" > "*)
			f=${cmd##*\$D/}
			[ -s "$scratch/node-exporter/$f" ] || bad="$bad no $f renamed into place;" ;;
		*" -J "*|*" --json "*)
			printf '%s\n' "$out" | "$B"/cgtest-json .hierarchy > /dev/null || bad="$bad not JSON;" ;;
		esac
		if [ -z "$bad" ]; then
			ok "42.2 $m EXAMPLES: $cmd"
		else
			not_ok "42.2 $m EXAMPLES: $cmd" "$bad" "stdout: $out" "stderr: $err"
		fi
	done < "$scratch/examples.txt"
done

# --- cgtest-write
printf 'old' > "$scratch/f"
expect_exit 0 "cgtest-write writes a file" "$O"/cgtest-write "$scratch/f" "new value"
expect_text "cgtest-write prints ok and ms" "$out" "ok [0-9]*"
expect_text "cgtest-write writes VALUE exactly, no newline" "$(od -c "$scratch/f" | head -n 2 | tr -s ' ')" \
	"0000000 n e w v a l u e*0000011"
expect_exit 1 "cgtest-write reports a failed write" "$O"/cgtest-write /dev/full x
expect_text "cgtest-write names the errno" "$out" "ENOSPC [0-9]*"
expect_exit 1 "cgtest-write reports a failed open" "$O"/cgtest-write "$scratch/none/x" x
expect_text "cgtest-write names the open errno" "$out" "ENOENT [0-9]*"
mkfifo "$scratch/fifo"
expect_exit 1 "cgtest-write --signal-after interrupts a blocked call" \
	"$O"/cgtest-write --signal-after 200 "$scratch/fifo" x
expect_text "cgtest-write prints EINTR and the elapsed ms" "$out" "EINTR [0-9]*"
ms=${out#EINTR }
if [ "${ms:-0}" -ge 190 ] && [ "${ms:-0}" -lt 5000 ]; then
	ok "cgtest-write signal arrives after MS"
else
	not_ok "cgtest-write signal arrives after MS" "elapsed '$ms' for 200"
fi
expect_exit 1 "cgtest-write --signal USR2 interrupts too" \
	"$O"/cgtest-write --signal SIGUSR2 --signal-after 50 "$scratch/fifo" x
expect_text "cgtest-write with USR2 prints EINTR" "$out" "EINTR [0-9]*"
printf '42 0 x\n' > "$scratch/counter"
expect_exit 1 "cgtest-write --mark interrupts as --signal-after does" \
	"$O"/cgtest-write --signal-after 50 --mark "$scratch/counter" "$scratch/fifo" x
expect_text "cgtest-write --mark reads FILE's first word before and after the signal, then prints the result" \
	"$out" "mark 42 42?EINTR [0-9]*"
expect_exit 1 "cgtest-write --mark of a missing file still interrupts" \
	"$O"/cgtest-write --signal-after 50 --mark "$scratch/none" "$scratch/fifo" x
expect_text "cgtest-write --mark of a missing file prints no mark" "$out" "EINTR [0-9]*"
expect_exit 2 "cgtest-write --mark without --signal-after exits 2" \
	"$O"/cgtest-write --mark "$scratch/counter" "$scratch/f" x
expect_exit 2 "cgtest-write without VALUE exits 2" "$O"/cgtest-write "$scratch/f"
expect_exit 2 "cgtest-write --signal KILL exits 2" "$O"/cgtest-write --signal KILL --signal-after 1 "$scratch/f" x
expect_exit 2 "cgtest-write --signal-after x exits 2" "$O"/cgtest-write --signal-after x "$scratch/f" x

# --- cgtest-churn (on a plain directory: mkdir and rmdir work the same)
mkdir "$scratch/churn"
expect_exit 0 "cgtest-churn makes and removes children for SECONDS" \
	"$O"/cgtest-churn "$scratch/churn" 1
expect_text "cgtest-churn prints CHILDREN FILLED" "$out" "[1-9]* 0"
expect_text "cgtest-churn leaves no child behind" "$(ls "$scratch/churn")" ""
expect_exit 1 "cgtest-churn reports a failed mkdir" "$O"/cgtest-churn "$scratch/none" 1
expect_text "cgtest-churn names the mkdir and its errno" "$err" \
	"cgtest-churn: mkdir */none/churn0: No such file or directory"
expect_exit 1 "cgtest-churn reports a task that could not join the child" \
	"$O"/cgtest-churn "$scratch/churn" 1 1 "$scratch" 10
expect_text "cgtest-churn names the child" "$err" "cgtest-churn: a task in */churn/churn0 failed"
expect_text "cgtest-churn removes the child it could not fill" "$(ls "$scratch/churn")" ""
expect_exit 2 "cgtest-churn without SECONDS exits 2" "$O"/cgtest-churn "$scratch/churn"
expect_exit 2 "cgtest-churn with EVERY 0 exits 2" "$O"/cgtest-churn "$scratch/churn" 1 0 "$scratch" 1
expect_exit 2 "cgtest-churn with SECONDS x exits 2" "$O"/cgtest-churn "$scratch/churn" x

# --- cgtest-json (json-c, strict): the static build and the sanitized one
for J in $O/cgtest-json $B/cgtest-json; do
	json='{"cgroups":[{"cgroup":"/A","unused":12,"r":0.0},{"cgroup":"/A/B","unused":3,"m":null}],"ok":true}'
	echo "$json" > "$scratch/j"
	expect_exit 0 "$J selects by member value" sh -c "$J '.cgroups[cgroup=/A/B].unused' < '$scratch/j'"
	expect_text "$J prints the number" "$out" "3"
	expect_exit 0 "$J selects by a number member" sh -c "$J '.cgroups[unused=12].cgroup' < '$scratch/j'"
	expect_text "$J prints the string bare" "$out" "/A"
	expect_exit 0 "$J keeps a decimal as written" sh -c "$J '.cgroups[0].r' < '$scratch/j'"
	expect_text "$J prints 0.0" "$out" "0.0"
	expect_exit 0 "$J -l" sh -c "$J -l .cgroups < '$scratch/j'"
	expect_text "$J -l prints the length" "$out" "2"
	expect_exit 0 "$J -k" sh -c "$J -k '.cgroups[0]' < '$scratch/j'"
	expect_text "$J -k prints keys in order" "$out" "cgroup unused r"
	expect_exit 0 "$J -t" sh -c "$J -t .ok < '$scratch/j'"
	expect_text "$J -t prints the type" "$out" "bool"
	expect_exit 0 "$J finds a null member" sh -c "$J -t '.cgroups[1].m' < '$scratch/j'"
	expect_text "$J -t null" "$out" "null"
	expect_exit 1 "$J: a missing path exits 1" sh -c "$J .nope < '$scratch/j'"
	for bad in '{"a":1,}' '[1,]' '{a:1}' "{'a':1}" '{"a":01}' '{"a":1} x' '{"a":"\x"}' \
		'{"a":tru}' '{"a":NaN}' '{"a":1.}' "{\"a\":\"tab${tab}x\"}" '{"a" 1}' '[1 2]' '{"a":1}}' '{"a":"'"$(printf '\377')"'"}'; do
		printf '%s' "$bad" > "$scratch/bad"
		expect_exit 1 "$J: invalid JSON exits 1: $bad" sh -c "$J . < '$scratch/bad'"
	done
	printf '{"a":1}\n{"a":2}\n' > "$scratch/lines"
	expect_exit 0 "$J reads JSON Lines" sh -c "$J .a < '$scratch/lines'"
	expect_text "$J prints one line per document" "$out" "1
2"
	: > "$scratch/empty"
	expect_exit 1 "$J: no document exits 1" sh -c "$J . < '$scratch/empty'"
	expect_exit 2 "$J without PATH exits 2" "$J"
	expect_exit 2 "$J with a malformed PATH exits 2" sh -c "$J '.cgroups[x' < '$scratch/j'"
done

finish
