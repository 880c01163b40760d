#!/bin/sh
# Fortran MPI Jacobi on 2 ranks whose halo column is exchanged one double per MPI_Send/MPI_Recv:
# the per-rank printout and perf report --sort dso,sym.
. "$(dirname "$0")/../_lib.sh"
mpif90 -O2 -g "$SRC/colsend.f90" -o "$B/colsend"
{ echo "\$ mpirun -np 2 ./colsend 600 200"; mpi -np 2 ./colsend 600 200 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./colsend 600 200
{ echo "\$ perf report --stdio --no-children --sort dso,sym"; prep --sort dso,sym --percent-limit 1; } | clean > "$OUT/perf-report.txt"
snap
