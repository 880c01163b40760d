#!/bin/sh
# One-sided halo exchange with one MPI_Put and one MPI_Win_fence per value: the ranks' own timers, perf report of rank 0.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/rma_put.c" -o "$B/rp"
mpirun -np 2 --bind-to core "$B/rp" 20000 20 > "$OUT/mpirun-output.txt" 2>&1
(cd "$B" && mpirun -np 2 --bind-to core sh -c 'if [ "$OMPI_COMM_WORLD_RANK" = 0 ]; then exec perf record -q -e cpu-clock -F 999 -g -o p.data ./rp 20000 20; else exec ./rp 20000 20; fi' > /dev/null 2>&1)
report "$B/p.data" > "$OUT/perf-report-rank0.txt"
snap
