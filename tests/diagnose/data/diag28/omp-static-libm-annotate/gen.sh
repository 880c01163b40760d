#!/bin/bash
# 2 threads; the per-thread printout in the job log; perf annotate -l of the outlined region
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -o "$B/halfheavy" "$SRC/halfheavy.c" -lm
snap
cd "$B"
OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 -o perf.data ./halfheavy 1000000 4 > "$D/job.log" 2>&1
perf annotate -i perf.data --stdio -l main._omp_fn.0 > "$D/perf-annotate-omp_fn.txt" 2>/dev/null
