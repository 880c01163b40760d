#!/bin/bash
# OpenMP regions of 256 elements entered 400000 times, two threads, perf report
. "$(dirname "$0")/../_lib.sh"
snap
gcc -O2 -g -fopenmp -o "$B/tiny" "$SRC/tinyregions.c"
OMP_NUM_THREADS=2 perf_rec "$B/tiny" 400000
perf report -i "$B/perf.data" --stdio --no-children --sort dso,sym -g none 2>/dev/null | head -60 > "$D/perf-report.txt"
