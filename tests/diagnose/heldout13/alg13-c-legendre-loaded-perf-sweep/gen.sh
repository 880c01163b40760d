#!/bin/sh
# C Legendre series from the explicit sum formula, on a machine loaded by 1 stress-ng CPU hog
# (started here, stopped by pid): uptime and ps, /usr/bin/time of a degree sweep as CSV, and
# perf report --sort dso,sym of the largest degree.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/legendre.c" -o "$B/legendre" -lm
load_on 1
loadsnap > "$OUT/uptime-ps.txt"
echo "lmax,points,elapsed_s,user_s,sys_s,maxrss_kb" > "$OUT/degree-sweep.csv"
for l in 12 24 48; do csvtime "$OUT/degree-sweep.csv" "$l,6000" ./legendre $l 6000; done
rec p.data -- ./legendre 48 6000
prep --sort dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
load_off
snap
