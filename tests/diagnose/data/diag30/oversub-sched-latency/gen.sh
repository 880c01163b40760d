#!/bin/bash
# 4 OpenMP threads on the 2 CPUs beside another (longer) job; perf sched latency and timehist
# of the whole machine while they run, and the program's own printout with its command line
. "$(dirname "$0")/../_lib.sh"
gcc -O1 -g -fopenmp -o "$B/oversub" "$SRC/oversub.c"
gcc -O1 -o "$B/otherjob" "$SRC/otherjob.c"
snap
cd "$B"
./otherjob 1500000000 > /dev/null &
other=$!
{ for t in 2 4; do echo "\$ OMP_NUM_THREADS=$t ./oversub 300000000"; OMP_NUM_THREADS=$t ./oversub 300000000; done; } > "$D/run.txt" 2>&1
OMP_NUM_THREADS=4 perf sched record -o "$B/sched.data" ./oversub 300000000 > /dev/null 2>&1
kill $other 2>/dev/null || true
{ echo "\$ perf sched latency --sort max"; perf sched latency -i "$B/sched.data" --sort max 2>/dev/null; } > "$D/perf-sched-latency.txt"
{ echo "\$ perf sched timehist --state"; perf sched timehist --state -i "$B/sched.data" 2>/dev/null | head -400; } > "$D/perf-sched-timehist.txt"
