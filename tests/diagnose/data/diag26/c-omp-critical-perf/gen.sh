#!/bin/bash
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -o "$B/crit" "$SRC/crit.c"
OMP_NUM_THREADS=2 perf_rec "$B/crit"
perf report -i "$B/perf.data" --stdio --no-children --sort dso,sym -g none 2>/dev/null | head -50 > "$D/perf-report.txt"
OMP_NUM_THREADS=2 timev "$D/time-v.txt" "$B/crit" > /dev/null
