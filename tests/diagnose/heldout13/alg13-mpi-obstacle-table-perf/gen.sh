#!/bin/sh
# C MPI heat conduction with an embedded body (costly cells) inside the last rank's equal slab,
# 2 ranks: the program's per-rank timing table and perf report --sort pid,sym of the mpirun.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/mpiobst.c" -o "$B/mpiobst" -lm
{ echo "\$ mpirun -np 2 ./mpiobst 120000 8"; mpi -np 2 ./mpiobst 120000 8 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./mpiobst 120000 8
prep --sort pid,sym --percent-limit 1 > "$OUT/perf-report-pid-sym.txt"
snap
