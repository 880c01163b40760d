#!/bin/sh
# Two MPI ranks with identical small steps and an MPI_Barrier after each: per-rank printout and --report-bindings, perf report of the run.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/barrier_mpi.c" -o "$B/ba"
mpirun -np 2 --bind-to core --report-bindings "$B/ba" > "$OUT/barrier-output.txt" 2> "$OUT/report-bindings.txt"
(cd "$B" && rec p.data mpirun -np 2 --bind-to core ./ba > /dev/null 2>&1)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
