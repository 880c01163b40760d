#!/bin/sh
# C MPI line-implicit solve whose forward and backward recurrences pass one value from rank to rank
# (equal blocks): per-rank lines (sweep seconds, seconds waiting in MPI) and perf report --sort
# pid,dso,sym of the same run.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/chainfit.c" -o "$B/chainfit" -lm
{ echo "\$ mpirun -np 2 ./chainfit 1000000 40"; mpi -np 2 ./chainfit 1000000 40 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./chainfit 1000000 40
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
