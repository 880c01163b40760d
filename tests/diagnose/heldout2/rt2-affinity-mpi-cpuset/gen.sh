#!/bin/sh
# Two equal MPI ranks confined to core 0 (--cpu-set 0): report-bindings, per-rank printout, perf stat.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/mpi_even.c" -o "$B/me" -lm
mpirun -np 2 --cpu-set 0 --bind-to core:overload-allowed --report-bindings "$B/me" > "$OUT/mpi-output.txt" 2> "$OUT/report-bindings.txt"
perf stat -e "$SW" -o "$OUT/perf-stat.txt" mpirun -np 2 --cpu-set 0 --bind-to core:overload-allowed "$B/me" > /dev/null 2>&1
snap
