#!/bin/sh
# C MPI swap of whole 32 MB blocks every step with a light interface update: the per-rank printout
# and perf report --sort pid,dso,sym.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/slabxchg.c" -o "$B/slabxchg"
{ echo "\$ mpirun -np 2 ./slabxchg 4000000 30"; mpi -np 2 ./slabxchg 4000000 30 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./slabxchg 4000000 30
prep --sort pid,dso,sym --percent-limit 1 > "$OUT/perf-report.txt"
snap
