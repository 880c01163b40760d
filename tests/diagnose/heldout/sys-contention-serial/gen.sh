#!/bin/sh
# A serial program while stress-ng keeps both cores busy: perf stat, printout, snapshot under load.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/serialwork.c" -o "$B/sw"
stress-ng --cpu 2 --timeout 60s > /dev/null 2>&1 &
SP=$!
sleep 2
OMP_NUM_THREADS=1 perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/sw" > "$OUT/serial-output.txt"
snap
kill "$SP" 2> /dev/null || true
wait "$SP" 2> /dev/null || true
