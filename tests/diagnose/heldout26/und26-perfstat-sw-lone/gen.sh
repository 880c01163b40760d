#!/bin/sh
# What a user pasted: perf stat (software events) of one 2-thread run of their program (-DPRIV word count).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -DPRIV "$SRC/wordfreq.c" -o "$B/tally"
{ echo "\$ OMP_NUM_THREADS=2 perf stat ./tally"; OMP_NUM_THREADS=2 perfstatp ./tally 2>&1 | grep -v '^wordfreq'; } > "$OUT/perf-stat.txt"
snap
