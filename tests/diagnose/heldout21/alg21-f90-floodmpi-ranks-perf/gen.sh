#!/bin/sh
# Wetting/drying flood step on 2 MPI ranks: the per-rank lines (cells, wet cells, compute and allreduce
# seconds) and a perf report by process and symbol of the same launch.
. "$(dirname "$0")/../_lib.sh"
mpif90 -O2 -g "$SRC/floodmpi.f90" -o "$B/floodmpi"
{ echo "\$ mpirun -np 2 ./floodmpi"; mpi -np 2 ./floodmpi 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./floodmpi
{ echo "\$ perf report --sort pid,dso,sym"; prep --sort pid,dso,sym --percent-limit 1 | clean; } > "$OUT/perf-report.txt"
snap
