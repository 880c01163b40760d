#!/bin/sh
# Permafrost thaw depth with OMP_WAIT_POLICY=active at 2 threads: perf stat (software events) and
# perf report --sort comm,dso then dso,sym. The per-thread table is not handed over (the program's summary line only).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/permafrost.c" -o "$B/permafrost"
{ echo "\$ OMP_NUM_THREADS=2 OMP_WAIT_POLICY=active perf stat ./permafrost | head -1"; (cd "$B" && OMP_NUM_THREADS=2 OMP_WAIT_POLICY=active perf stat -e task-clock,context-switches,cpu-migrations ./permafrost 2>&1 | grep -v '^thread\|^ *[0-9] ') ; } > "$OUT/perf-stat.txt"
OMP_NUM_THREADS=2 OMP_WAIT_POLICY=active rec p.data -- ./permafrost
{ echo "\$ perf report --sort comm,dso"; pcommdso p.data 1; echo; echo "\$ perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-report.txt"
snap
