#!/bin/sh
# C MPI 1-D diffusion that MPI_Allgathers the whole global field every step (8 MB per rank, 40
# steps) although each rank needs one neighbour value per side: per-rank lines (compute s,
# allgather s, MB received) and perf report --sort pid,dso,sym of the same run.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/allgat.c" -o "$B/allgat"
{ echo "\$ mpirun -np 2 ./allgat 1000000 40"; mpi -np 2 ./allgat 1000000 40 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./allgat 1000000 40
prep --sort pid,dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
