#!/bin/sh
# The same Fortran MPI program as a job log: mpirun --report-bindings and the printout, one file.
. "$(dirname "$0")/../_lib.sh"
mpif90 -O2 -g "$SRC/mpicol.f90" -o "$B/mpicol"
show mpirun -np 2 --bind-to core --report-bindings ./mpicol element > "$OUT/job.log"
snap
