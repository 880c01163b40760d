#!/bin/sh
# C MPI particle migration sending each leaving particle as its own 48-byte message, 2 ranks: the
# program's per-rank table (push, exchange, messages, bytes) and perf report --sort comm,dso,sym.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/partmig.c" -o "$B/partmig"
{ echo "\$ mpirun -np 2 ./partmig 200000 20"; mpi -np 2 ./partmig 200000 20 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./partmig 200000 20
prep --sort comm,dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
