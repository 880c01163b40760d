#!/bin/sh
# Crater ages at 2 threads (schedule(static), crater-dense highlands in the first half of the tiles): the run
# with OMP_DISPLAY_ENV (per-thread table), and perf sched timehist -s (run time per thread) of a second run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/craterage.c" -o "$B/craterage" -lm
{ echo "\$ OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true ./craterage 12"; ompenv OMP_NUM_THREADS=2 ./craterage 12; } > "$OUT/run.txt"
(cd "$B" && OMP_NUM_THREADS=2 perf sched record -o sched.data ./craterage 12 > sched.out 2> /dev/null)
{ echo "\$ OMP_NUM_THREADS=2 perf sched record ./craterage 12; perf sched timehist -s"; thsum sched.data | grep -E 'craterage|comm|----|Total|Idle|Sched' | head -30; } > "$OUT/sched-timehist.txt"
snap
