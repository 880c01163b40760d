#!/bin/sh
# 2 OpenMP threads bound to one place {0}: OMP_DISPLAY_AFFINITY interleaved, perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/ompwork.c" -o "$B/ow"
OMP_NUM_THREADS=2 OMP_PLACES='{0}' OMP_PROC_BIND=true OMP_DISPLAY_AFFINITY=true "$B/ow" > "$OUT/ompwork-output.txt" 2>&1
OMP_NUM_THREADS=2 OMP_PLACES='{0}' OMP_PROC_BIND=true perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/ow" > /dev/null
snap
