#!/bin/sh
# 2 MPI ranks bound by a rankfile to core 0: report-bindings and per-rank printout.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/mpi_work.c" -o "$B/mw"
printf 'rank 0=localhost slot=0\nrank 1=localhost slot=0\n' > "$B/rankfile"
mpirun -np 2 --rankfile "$B/rankfile" --report-bindings "$B/mw" > "$OUT/mpi-output.txt" 2> "$OUT/report-bindings.txt"
snap
