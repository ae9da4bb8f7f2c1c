#!/bin/sh
# plot.sh DIR: draw DIR/bench.png from DIR/keys.dat and DIR/ratios.dat
# (written by summarize.awk from the numbers the guests printed), on the
# host, with gnuplot.
#   left:  P1, the time of `all`, force_empty and creating A's dentries
#          against the other cgroups' dentries, relative to A alone
#          (median, bars from min to max): flat is the goal
#   right: every ratio (median, min to max, log scale) with its goal
set -eu
dir=$1
command -v gnuplot > /dev/null || { echo "plot.sh: no gnuplot (make deps)" >&2; exit 1; }

# P1 by level: LEVEL, then median/min/max over the median alone, for all,
# force_empty and create.
awk '
$1 ~ /^P1-/ {
	split($1, p, "@")
	op = substr(p[1], 4); l = p[2]
	med[op, l] = $2; lo[op, l] = $3; hi[op, l] = $4
	if (!(l in seen)) { seen[l] = 1; lv[++n] = l + 0 }
}
END {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && lv[j - 1] > lv[j]; j--) {
			t = lv[j]; lv[j] = lv[j - 1]; lv[j - 1] = t
		}
	for (i = 1; i <= n; i++) {
		l = lv[i]
		label = l >= 1000000 ? l / 1000000 "M" : l >= 1000 ? l / 1000 "k" : l
		printf "%s", label
		split("all force_empty create", ops, " ")
		for (k = 1; k <= 3; k++) {
			b = med[ops[k], 0]
			printf " %g %g %g", med[ops[k], l] / b, lo[ops[k], l] / b, hi[ops[k], l] / b
		}
		printf "\n"
	}
}' "$dir/keys.dat" > "$dir/p1.dat"

# Without P1 (BENCH_PARTS=p5) only the ratios are drawn.
if [ -s "$dir/p1.dat" ]; then panels=2; else panels=1; fi
gnuplot <<EOF
set terminal png size $((750 * panels)),650 noenhanced font ",10"
set output '$dir/bench.png'
set multiplot layout 1,$panels
if ($panels == 2) {
set title "P1: cost on A (its own dentries) against other cgroups' dentries"
set xlabel "dentries in the 1000 other cgroups"
set ylabel "time / time with A alone (median, min..max)"
set key top left
set grid ytics
set offsets 0.3, 0.3, 0.05, 0.05
plot '$dir/p1.dat' using (\$0 - 0.08):2:3:4:xtic(1) with yerrorlines lw 2 title 'all (force_slab_shrink)', \
     '' using (\$0):5:6:7 with yerrorlines lw 2 title 'memory.force_empty', \
     '' using (\$0 + 0.08):8:9:10 with yerrorlines lw 2 title 'creating A''s dentries', \
     1.05 with lines dt 2 lc rgb 'gray' title 'goal for all / others: 1.05'
}
set title "Every ratio: median with min..max over rounds; x marks the goal"
set xlabel ""
set ylabel "ratio (log scale)"
set logscale y
set xtics rotate by -40
set key top right
set offsets 0.5, 0.5, 0, 0
set style fill solid 0.4
set boxwidth 0.6
plot '$dir/ratios.dat' using 0:2:xtic(1) with boxes lc rgb 'steelblue' title 'median', \
     '' using 0:2:3:4 with yerrorbars lc rgb 'black' pt 0 title 'min..max', \
     '' using 0:5 with points pt 2 ps 2 lw 2 lc rgb 'red' title 'goal', \
     1 with lines dt 2 lc rgb 'gray' notitle
unset multiplot
EOF
