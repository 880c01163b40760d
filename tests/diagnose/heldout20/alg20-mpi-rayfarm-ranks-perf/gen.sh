#!/bin/sh
# Ray march on 2 ranks (equal ray counts; the dense cloud in rank 0's half): the per-rank table, and perf
# report --sort pid,dso,sym of the mpirun.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/rayfarm.c" -o "$B/rayfarm" -lm
{ echo "\$ mpirun -np 2 ./rayfarm 40000"; mpi -np 2 ./rayfarm 40000 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./rayfarm 40000
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
