#!/bin/sh
# Crater ages at 2 threads with OMP_WAIT_POLICY=active (the user's job setting): perf report --sort pid,dso,sym
# of the run and its perf stat; the per-thread table is not handed over.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/craterage.c" -o "$B/craterage" -lm
(cd "$B" && OMP_WAIT_POLICY=active OMP_NUM_THREADS=2 perf record -q -e cpu-clock -F 999 -o p.data ./craterage 12 > /dev/null 2> /dev/null)
{ echo "\$ OMP_WAIT_POLICY=active OMP_NUM_THREADS=2 perf record ./craterage 12; perf report --sort pid,dso,sym"; ppidso p.data 1; } > "$OUT/perf-report.txt"
{ echo "\$ OMP_WAIT_POLICY=active OMP_NUM_THREADS=2 perf stat ./craterage 12 > /dev/null"; (cd "$B" && OMP_WAIT_POLICY=active OMP_NUM_THREADS=2 perf stat -e task-clock,context-switches,cpu-migrations ./craterage 12 2>&1 > /dev/null); } > "$OUT/perf-stat.txt"
snap
