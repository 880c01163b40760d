#!/bin/sh
# C MPI explicit step on equal cell counts per rank where the refined zone (8 sub-cycles) lies in
# rank 1's half, with an MPI_Allreduce of dt every step: the per-rank printout and perf report
# --sort pid,dso,sym.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/refzone.c" -o "$B/refzone" -lm
{ echo "\$ mpirun -np 2 ./refzone 400000 25"; mpi -np 2 ./refzone 400000 25 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./refzone 400000 25
prep --sort pid,dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
