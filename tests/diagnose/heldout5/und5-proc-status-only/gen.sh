#!/bin/sh
# Only /proc/PID/status of a running 2-thread OpenMP program.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/ompmc.c" -o "$B/mc"
OMP_NUM_THREADS=2 "$B/mc" 2000000000 > /dev/null & P=$!
sleep 1
cat "/proc/$P/status" > "$OUT/proc-status.txt"
kill "$P" 2> /dev/null || true; wait "$P" 2> /dev/null || true
snap
