#!/bin/sh
# 2 MPI ranks relaxing a field; the max change is found by an element-wise MPI_Allreduce of the 16 MB change array: per-rank printout, perf report.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/residmax.c" -o "$B/rm" -lm
mpirun -np 2 "$B/rm" 2000000 30 > "$OUT/run-output.txt" 2>&1
(cd "$B" && rec p.data mpirun -np 2 ./rm 2000000 30 > /dev/null 2>&1)
report "$B/p.data" 50 > "$OUT/perf-report.txt"
snap
