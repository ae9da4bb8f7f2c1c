# profile.awk: the function profiles of `make bench` (BENCH_PROFILE=1),
# from the lines the guests printed (tests/bench.sh, profile_stop):
#   bench-profile LABEL @run 0 0         a run of LABEL begins
#   bench-profile LABEL FUNCTION HITS SELF_US
# POSIX awk (mawk on the host).  For each label, per run (a label's runs
# are averaged: P5 profiles every boot), its functions by self time; then
# for each pair of labels that differ only in what follows the last "@"
# (P1-all@0, P1-all@1000000) or, without one, the last "-" (P2-all,
# P2-drop; P5-limit-patched, P5-limit-vanilla), both side by side, with
# the ratio of their hits.  A label of several runs shows the fewest
# and most hits of a run too: a mean over runs hides a function that one
# run called and another did not (such gaps, 0..20002, were how the old
# cut at the 40 most costly functions a run showed itself).

# isort: keys k[1..n] ordered by v[k] descending
function isort(k, v, n,    i, j, t) {
	for (i = 2; i <= n; i++) {
		t = k[i]
		for (j = i - 1; j >= 1 && v[k[j]] < v[t]; j--)
			k[j + 1] = k[j]
		k[j + 1] = t
	}
}

function base(l,    i) {
	if ((i = index(l, "@")) > 0)
		return substr(l, 1, i - 1)
	if (match(l, /-[^-]*$/))
		return substr(l, 1, RSTART - 1)
	return l
}

$1 != "bench-profile" { next }
$3 == "@run" {
	if (!($2 in runs)) { labels[++nl] = $2 }
	runs[$2]++
	next
}
{
	if (!($2 in runs)) { labels[++nl] = $2; runs[$2] = 1 }
	key = $2 SUBSEP $3
	if (!(key in hits)) { nf[$2]++; fn[$2, nf[$2]] = $3 }
	hits[key] += $4
	us[key] += $5
	run_hits[$2, $3, runs[$2]] += $4
}

# hits of function f of label l in its fewest and most hit run
function span(l, f,    r, h, lo, hi) {
	lo = -1; hi = 0
	for (r = 1; r <= runs[l]; r++) {
		h = ((l, f, r) in run_hits) ? run_hits[l, f, r] : 0
		if (lo < 0 || h < lo) lo = h
		if (h > hi) hi = h
	}
	return lo ".." hi
}

END {
	for (i = 1; i <= nl; i++) {
		l = labels[i]
		n = 0
		split("", ord); split("", val)
		for (j = 1; j <= nf[l]; j++) {
			f = fn[l, j]
			ord[++n] = f
			val[f] = us[l, f]
		}
		isort(ord, val, n)
		printf "== %s (%d run%s; per run: hits, self time in us%s)\n", l, runs[l], (runs[l] == 1 ? "" : "s"), (runs[l] > 1 ? ", fewest..most hits of a run" : "")
		for (j = 1; j <= n; j++)
			printf "  %-36s %12.0f %14.1f%s\n", ord[j], hits[l, ord[j]] / runs[l], us[l, ord[j]] / runs[l], (runs[l] > 1 ? "   " span(l, ord[j]) : "")
		printf "\n"
		b = base(l)
		nb[b]++
		bl[b, nb[b]] = l
		if (nb[b] == 1) bases[++nbase] = b
	}
	for (i = 1; i <= nbase; i++) {
		b = bases[i]
		if (nb[b] != 2) continue
		a = bl[b, 1]; c = bl[b, 2]
		n = 0
		split("", ord); split("", val); split("", seen)
		for (s = 1; s <= 2; s++) {
			l = bl[b, s]
			for (j = 1; j <= nf[l]; j++) {
				f = fn[l, j]
				if (f in seen) continue
				seen[f] = 1
				ord[++n] = f
				x = us[a, f] / runs[a]; y = us[c, f] / runs[c]
				val[f] = x > y ? x : y
			}
		}
		isort(ord, val, n)
		printf "== %s against %s (per run)\n", a, c
		printf "  %-36s %12s %12s %7s %12s %12s\n", "function", "hits " a, "hits " c, "ratio", "us " a, "us " c
		for (j = 1; j <= n; j++) {
			f = ord[j]
			x = hits[a, f] / runs[a]; y = hits[c, f] / runs[c]
			r = y > 0 ? sprintf("%.2f", x / y) : "-"
			printf "  %-36s %12.0f %12.0f %7s %12.1f %12.1f\n", f, x, y, r, us[a, f] / runs[a], us[c, f] / runs[c]
		}
		printf "\n"
	}
}
