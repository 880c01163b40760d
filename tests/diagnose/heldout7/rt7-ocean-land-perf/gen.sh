#!/bin/sh
# The same ocean/land program: perf report by thread and perf stat at 2 threads, OMP_DISPLAY_AFFINITY, no per-thread printout kept.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/ocean.cpp" -o "$B/oc"
(cd "$B" && OMP_NUM_THREADS=2 rec p.data ./oc 3 > /dev/null)
perf report -i "$B/p.data" --stdio --no-children -g none --sort pid 2> /dev/null | head -30 > "$OUT/perf-report-by-thread.txt"
OMP_NUM_THREADS=2 perf stat -e "$SW" "$B/oc" 3 2> "$OUT/perf-stat.txt" | head -1 > "$OUT/run-summary.txt"
OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true "$B/oc" 1 2>&1 | grep -iv "cpu time" > "$OUT/display-affinity.txt"
snap
