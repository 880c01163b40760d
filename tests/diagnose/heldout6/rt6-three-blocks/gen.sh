#!/bin/sh
# OpenMP relaxation of three equal blocks with "omp for" over the blocks: the program's per-thread CPU times at 2 threads (two runs) and at 1 thread, OMP_DISPLAY_ENV, perf report by thread.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/blocks3.c" -o "$B/b3" -lm
OMP_NUM_THREADS=1 "$B/b3" 1000000 20 > "$OUT/run-1thread.txt"
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true "$B/b3" 1000000 20 > "$OUT/run-2threads.txt" 2>&1
OMP_NUM_THREADS=2 "$B/b3" 1000000 20 >> "$OUT/run-2threads.txt"
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./b3 1000000 20 > /dev/null)
perf report -i "$B/p.data" --stdio --no-children -g none --sort pid 2> /dev/null | head -30 > "$OUT/perf-report-by-thread.txt"
snap
