#!/bin/sh
# Wildfire strip on 2 MPI ranks: the per-rank lines of two runs, and perf report --sort pid,sym of the
# ranks recorded under perf record (the whole mpirun).
. "$(dirname "$0")/../_lib.sh"
mpif90 -O2 -g "$SRC/firefront.f90" -o "$B/firefront"
{ echo "\$ mpirun -np 2 ./firefront"; mpi -np 2 ./firefront 2>&1; echo "\$ mpirun -np 2 ./firefront"; mpi -np 2 ./firefront 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./firefront
{ echo "\$ perf report --sort pid,sym"; prep --sort pid,sym --percent-limit 1 | clean; } > "$OUT/perf-report.txt"
snap
