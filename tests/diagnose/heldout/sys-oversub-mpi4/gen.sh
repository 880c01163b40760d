#!/bin/sh
# 4 MPI ranks on 2 cores with --oversubscribe: report-bindings, printout, perf stat of the launch.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/mpi_work.c" -o "$B/mw"
mpirun -np 4 --oversubscribe --report-bindings "$B/mw" > "$OUT/mpi-output.txt" 2> "$OUT/report-bindings.txt"
perf stat -e "$SW" -o "$OUT/perf-stat.txt" mpirun -np 4 --oversubscribe "$B/mw" > /dev/null 2>&1
snap
