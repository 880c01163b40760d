#!/bin/sh
# OpenMP tracer update where only the southern (first) half of the rows is ocean, schedule(static): printout with per-thread CPU times at 2 threads (two runs), OMP_DISPLAY_ENV, perf report by thread.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/ocean.cpp" -o "$B/oc"
OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true "$B/oc" 3 > "$OUT/run-2threads.txt" 2>&1
OMP_NUM_THREADS=2 "$B/oc" 3 >> "$OUT/run-2threads.txt"
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./oc 3 > /dev/null)
perf report -i "$B/p.data" --stdio --no-children -g none --sort pid 2> /dev/null | head -30 > "$OUT/perf-report-by-thread.txt"
snap
