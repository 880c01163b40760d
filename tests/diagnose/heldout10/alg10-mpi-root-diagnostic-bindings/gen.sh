#!/bin/sh
# The same C MPI program as a job log: mpirun --report-bindings, the printout and the shell's time.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/mpiroot.c" -o "$B/mpiroot" -lm
{ echo "\$ time mpirun -np 2 --bind-to core --report-bindings ./mpiroot 60"
  (cd "$B" && /usr/bin/time -f "real %e s  user %U s  sys %S s" mpirun -np 2 --bind-to core --report-bindings ./mpiroot 60) 2>&1; } > "$OUT/job.log"
snap
