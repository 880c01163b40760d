#!/bin/sh
# Particle migration on 2 ranks sending each particle (32 B) in its own message: the per-rank table of
# the shipped run (batch=1) and of a run packing 1000 particles per message, and perf report --sort
# dso,sym of the batch=1 run.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/partsend.c" -o "$B/partsend"
{ for b in 1 1000; do echo "\$ mpirun -np 2 ./partsend 20000 5 $b"; mpi -np 2 ./partsend 20000 5 $b 2>&1; done; } > "$OUT/run.txt"
rec p.data -- mpirun --allow-run-as-root --oversubscribe -np 2 ./partsend 20000 5 1
prep --sort dso,sym --percent-limit 1.5 | clean > "$OUT/perf-report.txt"
snap
