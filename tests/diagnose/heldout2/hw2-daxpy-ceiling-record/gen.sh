#!/bin/sh
# daxpy on both cores (GB/s printout), the likwid-bench ceiling, perf record of the run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/daxpy.c" -o "$B/dx"
bench_triad > "$OUT/likwid-bench-triad.txt"
(cd "$B" && OMP_NUM_THREADS=2 OMP_PROC_BIND=close OMP_PLACES=cores rec p.data ./dx 40000000 10 > "$OUT/daxpy-output.txt")
perf report -i "$B/p.data" --stdio --no-children 2> /dev/null > "$OUT/perf-report.txt"
snap
