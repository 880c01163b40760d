#!/bin/sh
# A serial sieve while stress-ng keeps both cores busy: perf stat, /usr/bin/time -v, printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/sieve.c" -o "$B/sv"
load_on 2
perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/sv" 30000000 1 > "$OUT/sieve-output.txt"
/usr/bin/time -v -o "$OUT/time-v.txt" "$B/sv" 30000000 1 > /dev/null
snap
load_off
