#!/bin/sh
# Heat conduction along a pipe on 2 MPI ranks (equal cells, one 8-byte boundary value per step
# passed receive-then-compute-then-send): per-rank lines and perf report --sort pid,dso,sym.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/heatpipe.c" -o "$B/heatpipe" -lm
{ echo "\$ mpirun -np 2 ./heatpipe 300000 30"; mpi -np 2 ./heatpipe 300000 30 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./heatpipe 300000 30
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
