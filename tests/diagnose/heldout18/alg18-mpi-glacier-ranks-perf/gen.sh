#!/bin/sh
# Ice-sheet columns on 2 MPI ranks (equal column counts, ice concentrated at low column index):
# per-rank lines and perf report --sort pid,dso,sym of the same launch.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/glacier.c" -o "$B/glacier" -lm
{ echo "\$ mpirun -np 2 ./glacier 20000 40"; mpi -np 2 ./glacier 20000 40 2>&1; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./glacier 20000 40
prep --sort pid,dso,sym --percent-limit 1 | clean > "$OUT/perf-report.txt"
snap
