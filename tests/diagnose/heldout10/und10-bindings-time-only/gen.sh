#!/bin/sh
# Undecidable: mpirun --report-bindings of the Fortran MPI diffusion (boundary row packed in one
# message) and the shell's time of the run, output of the program dropped.
. "$(dirname "$0")/../_lib.sh"
mpif90 -O2 -g "$SRC/mpicol.f90" -o "$B/mpicol"
{ echo "\$ time mpirun -np 2 --bind-to core --report-bindings ./mpicol packed > /dev/null"
  (cd "$B" && /usr/bin/time -f "real %e s  user %U s  sys %S s" mpirun -np 2 --bind-to core --report-bindings ./mpicol packed > /dev/null) 2>&1; } > "$OUT/job.log"
snap
