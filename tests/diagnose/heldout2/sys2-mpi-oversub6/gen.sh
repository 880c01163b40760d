#!/bin/sh
# 6 MPI ranks on 2 cores, unbound: report-bindings, per-rank printout, perf stat of the launch.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/mpi_even.c" -o "$B/me" -lm
mpirun -np 6 --oversubscribe --bind-to none --report-bindings "$B/me" 20 > "$OUT/mpi-output.txt" 2> "$OUT/report-bindings.txt"
perf stat -e "$SW" -o "$OUT/perf-stat.txt" mpirun -np 6 --oversubscribe --bind-to none "$B/me" 20 > /dev/null 2>&1
snap
