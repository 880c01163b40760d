#!/bin/sh
# C leapfrog orbit integration carried out in __float128: perf report --sort dso,sym and the
# program's printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/q128.c" -o "$B/q128" -lquadmath
show ./q128 1000000 > "$OUT/run.txt"
rec p.data -- ./q128 1000000
prep --sort dso,sym --percent-limit 1 > "$OUT/perf-report-dso-sym.txt"
snap
