#!/bin/sh
# C MPI Gauss-Seidel sweeps on column blocks where each rank waits for its left neighbour's whole
# boundary column, 2 ranks: the program's per-rank timing table and perf report --sort comm,dso,sym
# of the whole mpirun.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/ringsweep.c" -o "$B/ringsweep"
{ echo "\$ mpirun -np 2 ./ringsweep 2000 1000 12"; mpi -np 2 ./ringsweep 2000 1000 12 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./ringsweep 2000 1000 12
prep --sort comm,dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
