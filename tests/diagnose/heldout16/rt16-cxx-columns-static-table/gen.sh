#!/bin/sh
# C++ OpenMP column radiative transfer: columns over the mountain range (the second half) need 16x
# the integration steps; schedule(static) gives them all to the last thread. The program's per-thread
# table (columns, steps, busy seconds) and perf report --sort pid,sym (per thread).
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/columns.cpp" -o "$B/columns"
show env OMP_NUM_THREADS=2 ./columns 4000 > "$OUT/run.txt"
rec p.data -- env OMP_NUM_THREADS=2 ./columns 4000
prep --sort pid,sym --percent-limit 2 > "$OUT/perf-report.txt"
snap
