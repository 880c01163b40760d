#!/bin/sh
# OpenMP histogram with an omp atomic per particle: printout and perf annotate of main.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/histo.c" -o "$B/hi"
OMP_NUM_THREADS=2 show "$B/hi" > "$OUT/histo-output.txt"
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./hi > /dev/null)
report "$B/p.data" 20 > "$OUT/perf-report.txt"
annot "$B/p.data" main._omp_fn.0 70 > "$OUT/perf-annotate.txt"
snap
