#!/bin/sh
# C++ OpenMP CSR products over rows of growing length with schedule(static), 2 threads: the
# program's per-thread table and perf report --sort pid,srcline of the same run.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/rowlen.cpp" -o "$B/rowlen"
show env OMP_NUM_THREADS=2 ./rowlen 40000 12 > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./rowlen 40000 12
prep --sort pid,srcline --percent-limit 1 | clean > "$OUT/perf-report-pid-srcline.txt"
snap
