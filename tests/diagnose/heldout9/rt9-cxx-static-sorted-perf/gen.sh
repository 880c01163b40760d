#!/bin/sh
# The same program: perf report by pid, perf annotate of the outlined loop, /usr/bin/time -v.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/costsort.cpp" -o "$B/cs"
(cd "$B" && OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 -g -o p.data ./cs > /dev/null)
report "$B/p.data" pid,comm 20 > "$OUT/perf-report-pid.txt"
annot "$B/p.data" "$(nm "$B/cs" | awk '/main._omp_fn/ {print $3; exit}')" > "$OUT/perf-annotate.txt"
(cd "$B" && OMP_NUM_THREADS=2 /usr/bin/time -v ./cs > /dev/null) > "$OUT/time-v.txt" 2>&1
snap
