#!/bin/sh
# 8 OpenMP threads on 2 cores: OMP_DISPLAY_ENV=verbose interleaved with output, perf stat.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/ompwork.c" -o "$B/ow"
OMP_NUM_THREADS=8 OMP_DISPLAY_ENV=verbose "$B/ow" > "$OUT/ompwork-output.txt" 2>&1
OMP_NUM_THREADS=8 perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/ow" > /dev/null
snap
