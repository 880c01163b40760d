#!/bin/sh
# C MPI relay on 2 ranks (equal cells; rank 1 waits for rank 0's whole update and back every step,
# one 8-byte message each way): the per-rank printout and perf report --sort pid,dso,sym.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/relay.c" -o "$B/relay" -lm
{ echo "\$ mpirun -np 2 ./relay 200000 200"; mpi -np 2 ./relay 200000 200 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./relay 200000 200
prep --sort pid,dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
