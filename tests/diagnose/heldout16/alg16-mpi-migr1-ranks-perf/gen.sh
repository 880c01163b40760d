#!/bin/sh
# C MPI particle migration on 2 ranks sending each crossing particle as its own 24-byte message
# (10000 per rank per step): per-rank lines (messages, bytes, bytes per message, move s, exchange s)
# and perf report --sort pid,dso,sym.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/migr1.c" -o "$B/migr1"
{ echo "\$ mpirun -np 2 ./migr1 40000 20"; mpi -np 2 ./migr1 40000 20 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./migr1 40000 20
prep --sort pid,dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
