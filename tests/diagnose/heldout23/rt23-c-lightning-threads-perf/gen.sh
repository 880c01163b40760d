#!/bin/sh
# Lightning density map: thread rows at 1 and 2 threads, two runs each, and perf report --sort dso,sym of a
# 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/lightning.c" -o "$B/lightning"
{ for t in 1 1 2 2; do show env OMP_NUM_THREADS=$t ./lightning; done; } > "$OUT/threads.txt"
(cd "$B" && OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 -o p.data ./lightning > /dev/null 2> /dev/null)
{ echo "\$ OMP_NUM_THREADS=2 perf record ./lightning; perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-report.txt"
snap
