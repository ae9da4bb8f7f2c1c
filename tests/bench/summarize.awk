# summarize.awk: the table of `make bench`, from the lines the guest printed.
# POSIX awk (mawk on the host, busybox awk in the guest's smoke test).
#
# Input, one fact a line (other lines are ignored):
#   bench-what KEY UNIT TEXT...     what KEY measures; UNIT ns, ms, /s, %,
#                 kB or n, or dns, dms: a difference of times, which may
#                 be 0 or less
#   bench-sample KEY ROUND VALUE    one measurement of KEY in round ROUND
#   bench-goal KEY GOAL             a goal for the median of figure KEY
#   bench-ratio NAME A B GOAL TEXT...
#                 per round, A / B (A and B are keys or earlier ratios);
#                 GOAL is "<=1.05", ">=0.99", or "-" (report only); with
#                 "@N" after it (">=0.98@12") it is judged only on N or
#                 more rounds, and "not judged" below that
#   bench-note TEXT...              printed under the table
#
# A figure is the median of its samples, with min and max; a ratio is the
# median of its per-round ratios, with min and max, where a key's value in
# a round is the mean of its samples in that round (a round measures both
# sides of a ratio on the same population, interleaved).
#
# Output: the table on stdout; with -v dat=DIR also DIR/keys.dat and
# DIR/ratios.dat for plot.gp (name median min max [goal]).  With -v check=1
# the exit status is 1 when a figure or ratio has no value or an insane one
# (not positive, or min <= median <= max broken).

function sort_(a, n,    i, j, t) {
	for (i = 2; i <= n; i++) {
		t = a[i]
		for (j = i - 1; j >= 1 && a[j] > t; j--)
			a[j + 1] = a[j]
		a[j + 1] = t
	}
}

function median_(a, n) {
	sort_(a, n)
	if (n % 2)
		return a[(n + 1) / 2]
	return (a[n / 2] + a[n / 2 + 1]) / 2
}

# show(v, unit): a value for the table, in a unit a reader takes in
function show(v, unit) {
	if (unit == "dns")
		return v < 0 ? "-" show(-v, "ns") : show(v, "ns")
	if (unit == "dms")
		return v < 0 ? "-" show(-v, "ms") : show(v, "ms")
	if (unit == "ms") {
		if (v >= 1000)
			return sprintf("%.2f s", v / 1000)
		return sprintf("%.2f ms", v)
	}
	if (unit == "kB")
		return sprintf("%.0f kB", v)
	if (unit == "ns") {
		if (v >= 1e9)
			return sprintf("%.2f s", v / 1e9)
		if (v >= 1e6)
			return sprintf("%.1f ms", v / 1e6)
		return sprintf("%.1f us", v / 1e3)
	}
	if (unit == "/s")
		return sprintf("%.0f/s", v)
	if (unit == "%")
		return sprintf("%.1f%%", v)
	if (unit == "x")
		return sprintf("%.3f", v)
	return sprintf("%.0f", v)
}

function rest(from,    i, s) {
	s = $from
	for (i = from + 1; i <= NF; i++)
		s = s " " $i
	return s
}

$1 == "bench-what" {
	if (!($2 in unit))
		keys[++nkeys] = $2
	unit[$2] = $3
	text[$2] = rest(4)
	next
}

$1 == "bench-sample" {
	k = $2; r = $3; v = $4 + 0
	n[k]++
	s[k, n[k]] = v
	if (!((k, r) in rsum)) {
		rounds[k, ++nr[k]] = r
		rsum[k, r] = 0
		rcnt[k, r] = 0
	}
	rsum[k, r] += v
	rcnt[k, r]++
	if (!(k in unit)) {
		keys[++nkeys] = k
		unit[k] = "n"
		text[k] = k
	}
	next
}

$1 == "bench-goal" {
	fgoal[$2] = $3
	next
}

$1 == "bench-ratio" {
	if ($2 in rnum)		# each boot of P5 states its ratios again
		next
	ratios[++nratios] = $2
	rnum[$2] = $3
	rden[$2] = $4
	rgoal[$2] = $5
	rtext[$2] = rest(6)
	next
}

$1 == "bench-note" {
	notes[++nnotes] = rest(2)
	next
}

# value(k, r): k's value in round r ("" when k has none there)
function value(k, r) {
	if ((k, r) in rsum)
		return rsum[k, r] / rcnt[k, r]
	if ((k, r) in rval)
		return rval[k, r]
	return ""
}

# goal_met(g, v, m): whether v, the median of m rounds, meets goal g
function goal_met(g, v, m,    op, lim, at) {
	if (g == "-" || g == "")
		return ""
	op = substr(g, 1, 2)
	lim = substr(g, 3) + 0
	at = index(g, "@")
	if (at && m < substr(g, at + 1) + 0)
		return "not judged: n < " substr(g, at + 1)
	if (op == "<=")
		return v <= lim ? "met" : "MISSED"
	if (op == ">=")
		return v >= lim ? "met" : "MISSED"
	return "?"
}

function insane(what) {
	printf "insane: %s\n", what
	bad = 1
}

END {
	printf "%-22s %3s %11s %11s %11s  %s\n", "figure", "n",
		"median", "min", "max", "what"
	for (i = 1; i <= nkeys; i++) {
		k = keys[i]
		if (!n[k]) {
			printf "%-22s %3d %11s %11s %11s  %s\n", k, 0,
				"-", "-", "-", text[k]
			insane(k " has no samples")
			continue
		}
		for (j = 1; j <= n[k]; j++)
			a[j] = s[k, j]
		med = median_(a, n[k])
		lo = a[1]; hi = a[n[k]]
		g = ""
		if (k in fgoal)
			g = sprintf(" [goal %s %s: %s]", substr(fgoal[k], 1, 2),
				show(substr(fgoal[k], 3) + 0, unit[k]),
				goal_met(fgoal[k], med, n[k]))
		printf "%-22s %3d %11s %11s %11s  %s%s\n", k, n[k],
			show(med, unit[k]), show(lo, unit[k]), show(hi, unit[k]),
			text[k], g
		if (dat != "")
			printf "%s %g %g %g\n", k, med, lo, hi > (dat "/keys.dat")
		if (!(lo > 0) && unit[k] != "%" && unit[k] != "dns" &&
		    unit[k] != "dms" && unit[k] != "kB")
			insane(k " is not positive: " lo)
		if (unit[k] == "%" && (lo < 0 || hi > 100.5))
			insane(k " is not a percentage: " lo ".." hi)
	}
	printf "\n%-22s %3s %11s %11s %11s  %-9s %s\n", "ratio", "n",
		"median", "min", "max", "goal", "what"
	for (i = 1; i <= nratios; i++) {
		q = ratios[i]
		m = 0
		# rounds of the numerator that the denominator has too
		src = rnum[q]
		cnt = (src in nr) ? nr[src] : nrr[src]
		for (j = 1; j <= cnt; j++) {
			r = (src in nr) ? rounds[src, j] : rrounds[src, j]
			x = value(rnum[q], r)
			y = value(rden[q], r)
			if (x == "" || y == "" || y + 0 == 0)
				continue
			rval[q, r] = x / y
			rrounds[q, ++nrr[q]] = r
			a[++m] = x / y
		}
		if (!m) {
			printf "%-22s %3d %11s %11s %11s  %-9s %s\n", q, 0,
				"-", "-", "-", rgoal[q], rtext[q]
			insane(q " has no rounds with both sides")
			continue
		}
		med = median_(a, m)
		gm = goal_met(rgoal[q], med, m)
		printf "%-22s %3d %11.3f %11.3f %11.3f  %-9s %s%s\n", q,
			m, med, a[1], a[m], rgoal[q], rtext[q],
			gm == "" ? "" : " [goal " gm "]"
		if (dat != "") {
			g = rgoal[q] == "-" ? "NaN" : substr(rgoal[q], 3) + 0
			printf "%s %g %g %g %s\n", q, med, a[1], a[m], g \
				> (dat "/ratios.dat")
		}
		if (!(a[1] > 0))
			insane(q " is not positive")
	}
	if (nnotes)
		print ""
	for (i = 1; i <= nnotes; i++)
		print "note: " notes[i]
	if (check)
		exit bad
}
