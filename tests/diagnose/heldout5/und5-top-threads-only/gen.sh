#!/bin/sh
# Only a top -H batch snapshot of a 2-thread OpenMP program, with the program's wall-time line.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/ompmc.c" -o "$B/mc"
OMP_NUM_THREADS=2 "$B/mc" 4000000000 > "$B/out.txt" & P=$!
sleep 1
top -H -b -n 2 -d 1 -p "$P" | awk '/^top - / {n++} n == 2' > "$OUT/top-H.txt"
wait "$P" || true
tail -1 "$B/out.txt" > "$OUT/wall-time.txt"
snap
