#!/bin/bash
# triangular rows under schedule(static), two threads: perf report and perf annotate of the loop
. "$(dirname "$0")/../_lib.sh"
snap
gcc -O2 -g -fopenmp -o "$B/triangle" "$SRC/triangle.c" -lm
OMP_NUM_THREADS=2 perf_rec "$B/triangle" 6000
perf report -i "$B/perf.data" --stdio --no-children --sort dso,sym -g none 2>/dev/null | head -60 > "$D/perf-report.txt"
perf annotate -i "$B/perf.data" --stdio -l main._omp_fn.0 2>/dev/null | head -150 > "$D/perf-annotate.txt"
