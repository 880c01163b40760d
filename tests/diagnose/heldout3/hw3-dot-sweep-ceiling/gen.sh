#!/bin/sh
# OpenMP dot product at 1 and 2 threads (printouts and a sweep table), three likwid-bench ddot runs, perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/dotp_omp.c" -o "$B/dp"
for t in 1 2; do OMP_NUM_THREADS=$t "$B/dp" > "$OUT/dot-output-$t.txt"; done
{ echo "threads time_s bandwidth_GB/s"; for t in 1 2; do sed -n 's/^threads=\([0-9]*\) time=\([0-9.]*\) s bandwidth=\([0-9.]*\) GB\/s.*/\1 \2 \3/p' "$OUT/dot-output-$t.txt"; done; } > "$OUT/thread-sweep.txt"
bench3 ddot > "$OUT/likwid-bench-ddot.txt" 2>&1
OMP_NUM_THREADS=2 perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/dp" > /dev/null
snap
