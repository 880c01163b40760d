#!/bin/sh
# C OpenMP cell update with a refined first quarter, 2 threads: a job log with OMP_DISPLAY_ENV=true
# (stdout and stderr together) and perf annotate --stdio -l of the outlined loop main._omp_fn.0.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/refine.c" -o "$B/refine" -lm
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true show ./refine 400000 20 > "$OUT/job.log"
OMP_NUM_THREADS=2 rec p.data -- ./refine 400000 40
perf annotate -i "$B/p.data" --stdio -l main._omp_fn.0 2> /dev/null | head -150 > "$OUT/perf-annotate-omp_fn.txt"
snap
