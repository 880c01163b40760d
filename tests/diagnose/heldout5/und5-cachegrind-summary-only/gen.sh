#!/bin/sh
# Only the cachegrind summary (totals, no per-function or per-line lines) of the sections program.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/sections.c" -o "$B/sec" -lm -fopenmp
(cd "$B" && OMP_NUM_THREADS=1 valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=cg.out ./sec 2000000 1 2> vg.txt > /dev/null)
grep -E '==[0-9]+== (I |D |LL|Branches|Mispred|I1|LLi|D1|LLd|Command)' "$B/vg.txt" > "$OUT/cachegrind-summary.txt"
snap
