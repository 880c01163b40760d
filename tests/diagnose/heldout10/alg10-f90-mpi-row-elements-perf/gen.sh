#!/bin/sh
# Fortran MPI diffusion on 2 ranks whose boundary row goes one element per MPI_Sendrecv: the
# program's per-rank printout and perf report by dso of the whole mpirun.
. "$(dirname "$0")/../_lib.sh"
mpif90 -O2 -g "$SRC/mpicol.f90" -o "$B/mpicol"
show mpirun -np 2 ./mpicol element > "$OUT/run.txt"
rec p.data -- mpirun -np 2 ./mpicol element
perf report -i "$B/p.data" --stdio --no-children --comm mpicol --sort dso --percent-limit 0.5 2> /dev/null | head -30 > "$OUT/perf-report-dso.txt"
snap
