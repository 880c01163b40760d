#!/bin/sh
# River discharge on 2 MPI ranks: every step rank 0 gathers and re-broadcasts the whole field.
# Per-rank lines (update and gather+bcast seconds, MB moved) and perf report --sort pid,dso,sym.
. "$(dirname "$0")/../_lib.sh"
mpif90 -O2 -g "$SRC/riverq.f90" -o "$B/riverq"
{ echo "\$ mpirun -np 2 ./riverq 1000000 50"; mpi -np 2 ./riverq 1000000 50 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./riverq 1000000 50
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
