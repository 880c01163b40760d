#!/bin/bash
# an OpenMP program whose serial setup holds most of the run: its printout at 1 and 2 threads,
# and perf sched timehist's summary (-s) of the 2-thread run (main thread busy, worker mostly idle)
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -o "$B/prefixsum" "$SRC/prefixsum.c"
snap
cd "$B"
{ for t in 1 2; do echo "\$ env OMP_NUM_THREADS=$t ./prefixsum 4000000 20"; OMP_NUM_THREADS=$t ./prefixsum 4000000 20; done; } > "$D/run.txt" 2>&1
OMP_NUM_THREADS=2 perf sched record -o "$B/serial.data" ./prefixsum 4000000 20 > /dev/null 2>&1
{ echo "\$ perf sched timehist -s"; perf sched timehist -s -i "$B/serial.data" 2>/dev/null; } > "$D/perf-sched-summary.txt"
