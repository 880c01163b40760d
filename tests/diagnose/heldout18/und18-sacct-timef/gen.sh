#!/bin/sh
# What a user pasted for a slow MPI job: their attempt at sacct (as this machine answers it) and a
# /usr/bin/time -f line of the mpirun of the drifter program.
. "$(dirname "$0")/../_lib.sh"
mpicc -O2 -g "$SRC/drifters.c" -o "$B/drifters"
{ echo "\$ sacct -j 48213 --format=JobID,Elapsed,TotalCPU,MaxRSS,State"; sacct -j 48213 --format=JobID,Elapsed,TotalCPU,MaxRSS,State 2>&1 | head -20; } > "$OUT/sacct.txt"
(cd "$B" && /usr/bin/time -f 'elapsed=%e user=%U sys=%S maxrss_kb=%M' -o "$OUT/time.txt" mpirun --allow-run-as-root --oversubscribe -np 2 ./drifters 200000 30 > /dev/null 2>&1)
snap
