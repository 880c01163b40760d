#!/bin/sh
# 1-D tsunami on 2 ranks (equal cells; the coast's wetting/drying closure on rank 0): the per-rank table
# and perf report --sort pid,dso,sym of the mpirun.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/tsunami.c" -o "$B/tsunami" -lm
{ echo "\$ mpirun -np 2 ./tsunami 200000 15"; mpi -np 2 ./tsunami 200000 15 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./tsunami 200000 15
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
