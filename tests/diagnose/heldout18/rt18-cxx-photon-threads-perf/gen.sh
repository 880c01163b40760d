#!/bin/sh
# Monte Carlo photon transport drawing from one mutex-guarded std::mt19937: the program's line at 1
# and 2 threads, and perf report by dso and symbol of the 2-thread run.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/photon.cpp" -o "$B/photon"
{ OMP_NUM_THREADS=1 show ./photon 2000000; OMP_NUM_THREADS=2 show ./photon 2000000; } > "$OUT/threads.txt"
OMP_NUM_THREADS=2 rec p.data -- ./photon 2000000
prep --sort dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
