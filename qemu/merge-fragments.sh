#!/bin/sh
# merge-fragments.sh FRAGMENT...: the config fragments merged, a later one's
# setting of an option replacing an earlier one's (the earlier line is left
# out), so that each option is asked for once, as config.sh checks.
# Comments and blank lines are kept.
awk '
FNR == 1 { f++ }
{ line[f, FNR] = $0; len[f] = FNR }
match($0, /CONFIG_[A-Z0-9_]+/) { last[substr($0, RSTART, RLENGTH)] = f }
END {
	for (i = 1; i <= f; i++)
		for (j = 1; j <= len[i]; j++) {
			l = line[i, j]
			if (match(l, /CONFIG_[A-Z0-9_]+/) && last[substr(l, RSTART, RLENGTH)] != i)
				continue
			print l
		}
}' "$@"
