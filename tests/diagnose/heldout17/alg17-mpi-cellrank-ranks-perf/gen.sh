#!/bin/sh
# C MPI finite-volume step whose refined region (6x the flux evaluations) lies in the last rank's
# block: per-rank lines (cells, flux evaluations, compute and allreduce seconds) and perf report
# --sort pid,dso,sym of the same run.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/cellrank.c" -o "$B/cellrank" -lm
{ echo "\$ mpirun -np 2 ./cellrank 200000 20"; mpi -np 2 ./cellrank 200000 20 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./cellrank 200000 20
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
