#!/bin/sh
# C MPI particle relaxation with equal x-slabs per rank and a plume near x = 0.2, 2 ranks: the
# program's per-rank printout and perf report --sort pid,sym of the mpirun.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/plume.c" -o "$B/plume" -lm
show mpirun --allow-run-as-root -np 2 ./plume 40000 40 > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root -np 2 ./plume 40000 40
prep --sort pid,sym --percent-limit 1.5 > "$OUT/perf-report-pid-sym.txt"
snap
