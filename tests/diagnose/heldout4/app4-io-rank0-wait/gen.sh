#!/bin/sh
# Rank 1 computes blocks, rank 0 writes each value with fprintf+fflush before taking the next: per-rank printout, report-bindings, strace -f -c of the rank processes.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 "$SRC/io_rank0.c" -o "$B/io"
(cd "$B" && mpirun -np 2 --bind-to core --report-bindings ./io 60 "$B/trace.txt" > "$OUT/io-output.txt" 2> "$OUT/report-bindings.txt")
(cd "$B" && strace -f -c -o "$OUT/strace-f-c.txt" mpirun -np 2 --bind-to core ./io 60 "$B/trace2.txt" > /dev/null 2>&1)
snap
