#!/bin/sh
# Fortran MPI coupler sending 20000 sea-surface temperatures one value per MPI_Send each step (and
# the fluxes back the same way): per-rank lines (values, messages, bytes, update and exchange
# seconds) and perf report --sort pid,dso,sym of the same run.
. "$(dirname "$0")/../_lib.sh"
mpif90 -O2 -g -J "$B" "$SRC/coupler.f90" -o "$B/coupler"
{ echo "\$ mpirun -np 2 ./coupler 20000 60"; mpi -np 2 ./coupler 20000 60 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./coupler 20000 60
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
