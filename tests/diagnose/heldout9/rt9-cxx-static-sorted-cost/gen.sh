#!/bin/sh
# C++ OpenMP loop over cells sorted by cost with schedule(static): the program's per-thread CPU
# printout with OMP_DISPLAY_AFFINITY lines mixed in, and perf report by pid (thread).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/costsort.cpp" -o "$B/cs"
(cd "$B" && echo "\$ OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true ./costsort" && OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true ./cs) > "$OUT/run.log" 2>&1
(cd "$B" && OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 -g -o p.data ./cs > /dev/null)
report "$B/p.data" pid,comm 20 > "$OUT/perf-report-pid.txt"
snap
