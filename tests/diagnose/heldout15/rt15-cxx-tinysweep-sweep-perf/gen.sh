#!/bin/sh
# C++ OpenMP smoothing of 256 points with a parallel loop per time step (100000 steps): the
# printout at 1 and 2 threads, /usr/bin/time as CSV for the same two runs, and perf report
# --sort dso,sym of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/tinysweep.cpp" -o "$B/tinysweep"
{ for t in 1 2; do show env OMP_NUM_THREADS=$t ./tinysweep 256 100000; done; } > "$OUT/run.txt"
echo "threads,elapsed_s,user_s,sys_s,maxrss_kb" > "$OUT/thread-sweep.csv"
for t in 1 2; do csvtime "$OUT/thread-sweep.csv" "$t" env OMP_NUM_THREADS=$t ./tinysweep 256 100000; done
rec p.data -- env OMP_NUM_THREADS=2 ./tinysweep 256 100000
{ echo "\$ perf report --stdio --no-children --sort dso,sym"; prep --sort dso,sym --percent-limit 1; } | clean > "$OUT/perf-report.txt"
snap
