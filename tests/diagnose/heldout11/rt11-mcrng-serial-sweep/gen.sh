#!/bin/sh
# C OpenMP Monte-Carlo: the program's printout for 1 and 2 threads and perf report --sort srcline of
# the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/mcrng.c" -o "$B/mc" -lm
for t in 1 2 1 2; do OMP_NUM_THREADS=$t show ./mc 8000000; done > "$OUT/sweep.txt"
OMP_NUM_THREADS=2 rec p.data -- ./mc 16000000
perf report -i "$B/p.data" --stdio --no-children --sort srcline --percent-limit 1 2> /dev/null | head -40 > "$OUT/perf-report-srcline.txt"
snap
