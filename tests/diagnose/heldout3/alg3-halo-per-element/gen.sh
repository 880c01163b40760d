#!/bin/sh
# Two ranks exchange a 4000-value boundary one MPI_Sendrecv per value: per-rank printout, report-bindings, perf report of the job.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/halo_elem.c" -o "$B/he"
mpirun -np 2 --bind-to core --report-bindings "$B/he" > "$OUT/mpi-output.txt" 2> "$OUT/report-bindings.txt"
(cd "$B" && rec p.data mpirun -np 2 --bind-to core ./he > /dev/null 2>&1)
report "$B/p.data" 50 > "$OUT/perf-report.txt"
snap
