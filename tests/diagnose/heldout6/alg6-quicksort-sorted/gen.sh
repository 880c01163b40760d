#!/bin/sh
# Hand-written quicksort (first element as pivot) re-sorting nearly sorted event times: printouts for n = 10000..40000, gprof of the n = 20000 run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/qsortpiv.c" -o "$B/qs"
for n in 10000 20000 40000; do "$B/qs" $n 5; done > "$OUT/sort-sweep.txt"
gcc -O2 -pg "$SRC/qsortpiv.c" -o "$B/qsp"
GPLINES=40 gprofrun "$B/qsp" 20000 5 > "$OUT/gprof.txt"
snap
