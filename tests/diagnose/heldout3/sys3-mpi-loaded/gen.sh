#!/bin/sh
# Two MPI ranks with identical Monte Carlo work while stress-ng runs 3 CPU hogs: per-rank printout, report-bindings, perf stat.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/mcpi_mpi.c" -o "$B/mc"
load_on 3
mpirun -np 2 --bind-to core --report-bindings "$B/mc" 100000000 > "$OUT/mpi-output.txt" 2> "$OUT/report-bindings.txt"
perf stat -e "$SW" -o "$OUT/perf-stat.txt" mpirun -np 2 --bind-to core "$B/mc" 100000000 > /dev/null 2>&1
snap
load_off
