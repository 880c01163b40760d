#!/bin/sh
# C++ OpenMP Monte-Carlo whose hits are pushed into one vector in an omp critical: the program's
# printout at 1 and 2 threads (twice each) and perf report --sort dso,sym at 2 threads.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/hits.cpp" -o "$B/hits"
{ for t in 1 2 1 2; do show env OMP_NUM_THREADS=$t ./hits 4000000; done; } > "$OUT/thread-sweep.txt"
OMP_NUM_THREADS=2 rec p.data -- ./hits 8000000
prep --sort dso,sym --percent-limit 1 > "$OUT/perf-report-dso-sym.txt"
snap
