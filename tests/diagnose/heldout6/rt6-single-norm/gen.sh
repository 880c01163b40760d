#!/bin/sh
# Time steps with a parallel update and a norm computed inside "omp single": printouts at 1 and 2 threads, callgrind line costs at 1 thread, perf report at 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/normstep.c" -o "$B/ns" -lm
OMP_NUM_THREADS=1 "$B/ns" 1000000 20 > "$OUT/run-1thread.txt"
OMP_NUM_THREADS=2 "$B/ns" 1000000 20 > "$OUT/run-2threads.txt"
OMP_NUM_THREADS=1 CGLINES=90 cgrind ./ns 200000 10 > "$OUT/callgrind-annotate-1thread.txt"
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./ns 1000000 20 > /dev/null)
report "$B/p.data" > "$OUT/perf-report-2threads.txt"
snap
