#!/bin/sh
# Ocean drifters on 2 MPI ranks, crossing drifters exchanged one 24-byte message each: per-rank
# lines and perf report --sort pid,dso,sym of the same launch.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/drifters.c" -o "$B/drifters"
{ echo "\$ mpirun -np 2 ./drifters 200000 20"; mpi -np 2 ./drifters 200000 20 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./drifters 200000 20
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
