#!/bin/bash
# two MPI ranks, equal rows, unequal work; bindings and the per-rank printout in one job log
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g -o "$B/rowwork" "$SRC/rowwork.c" -lm
snap
/usr/bin/time -v -o "$D/time-v.txt" mpirun --allow-run-as-root --oversubscribe -np 2 --bind-to core \
  --report-bindings "$B/rowwork" 12000 4 > "$D/job.log" 2>&1
