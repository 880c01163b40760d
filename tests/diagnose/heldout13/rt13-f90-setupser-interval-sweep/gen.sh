#!/bin/sh
# Fortran OpenMP smoothing steps after a serial set-up: the program's printout at 1 and 2 threads,
# /usr/bin/time of the thread sweep saved as CSV, and perf stat -I 100 of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/setupser.f90" -o "$B/setupser"
{ show env OMP_NUM_THREADS=1 ./setupser 900; show env OMP_NUM_THREADS=2 ./setupser 900; } > "$OUT/run.txt"
echo "threads,elapsed_s,user_s,sys_s,maxrss_kb" > "$OUT/thread-sweep.csv"
for t in 1 2 1 2; do csvtime "$OUT/thread-sweep.csv" "$t" env OMP_NUM_THREADS=$t ./setupser 900; done
{ echo "\$ OMP_NUM_THREADS=2 perf stat -I 100 -e task-clock ./setupser 900"
  (cd "$B" && OMP_NUM_THREADS=2 perf stat -I 100 -e task-clock ./setupser 900 2>&1); } > "$OUT/perf-stat-interval.txt"
snap
