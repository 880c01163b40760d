#!/bin/sh
# C MPI pseudo-spectral step that transposes the whole field forth and back with two MPI_Alltoall
# per step, 2 ranks: the program's per-rank timing table and perf report --sort comm,dso,sym of the
# whole mpirun.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/specxpose.c" -o "$B/specxpose"
{ echo "\$ mpirun -np 2 ./specxpose 2048 20"; mpi -np 2 ./specxpose 2048 20 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./specxpose 2048 20
prep --sort comm,dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
