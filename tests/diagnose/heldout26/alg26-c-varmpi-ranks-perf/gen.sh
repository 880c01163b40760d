#!/bin/sh
# Value at risk (MPI, 2 ranks), shipped build: the per-rank lines, and one perf record per rank (dso,sym).
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/varmpi.c" -o "$B/varmpi" -lm
{ echo "\$ mpirun -np 2 ./varmpi"; mpi -np 2 ./varmpi; } > "$OUT/rank-lines.txt" 2>&1
mpiperf p.data 2 ./varmpi > /dev/null 2>&1
{ for r in 0 1; do echo "\$ perf report -i p.data.$r --sort dso,sym   (rank $r)"; rankrep p.data $r; done; } > "$OUT/perf-per-rank.txt"
snap
