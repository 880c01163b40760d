#!/bin/sh
# Fortran OpenMP short-range forces whose neighbour-list rebuild is serial: the program's phase
# printout at 1 and 2 threads, /usr/bin/time of the thread sweep as CSV (with %P, the CPU share),
# and perf sched timehist's run-time summary of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/neighlist.f90" -o "$B/neighlist"
for t in 1 2; do show env OMP_NUM_THREADS=$t ./neighlist 200000 8; done > "$OUT/run.txt"
echo "threads,elapsed_s,user_s,sys_s,cpu_percent" > "$OUT/thread-sweep.csv"
for t in 1 2; do (cd "$B" && OMP_NUM_THREADS=$t /usr/bin/time -f "$t,%e,%U,%S,%P" -a -o "$OUT/thread-sweep.csv" ./neighlist 200000 8 > /dev/null); done
schedrec s.data env OMP_NUM_THREADS=2 ./neighlist 200000 8
thsum s.data > "$OUT/perf-sched-timehist-summary.txt"
snap
