#!/bin/sh
# A 32 MB buffer allocated, touched and freed every step: perf stat, strace -c, time -v, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/churn.c" -o "$B/ch"
perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/ch" 60 > "$OUT/churn-output.txt"
strace -c -o "$OUT/strace-c.txt" "$B/ch" 60 > /dev/null
/usr/bin/time -v -o "$OUT/time-v.txt" "$B/ch" 60 > /dev/null
snap
