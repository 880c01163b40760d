#!/bin/bash
# a 2-thread job spread over both CPUs beside two other busy jobs: its printout, /usr/bin/time -v,
# and perf sched timehist's summary (-s): the other jobs hold about half of both CPUs
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -o "$B/raysum" "$SRC/raysum.c" -lm
gcc -O1 -o "$B/otherjob" "$SRC/otherjob.c"
snap
cd "$B"
./otherjob 3000000000 > /dev/null & o1=$!
./otherjob 3000000000 > /dev/null & o2=$!
export OMP_NUM_THREADS=2 OMP_PLACES=cores OMP_PROC_BIND=spread
{ echo "\$ env OMP_NUM_THREADS=2 OMP_PLACES=cores OMP_PROC_BIND=spread ./raysum 3000 30000"; ./raysum 3000 30000; } > "$D/run.txt" 2>&1
/usr/bin/time -v ./raysum 3000 30000 > /dev/null 2> "$D/time-v.txt"
perf sched record -o "$B/busy.data" ./raysum 3000 30000 > /dev/null 2>&1
kill $o1 $o2 2>/dev/null || true
{ echo "\$ perf sched timehist -s"; perf sched timehist -s -i "$B/busy.data" 2>/dev/null; } > "$D/perf-sched-summary.txt"
