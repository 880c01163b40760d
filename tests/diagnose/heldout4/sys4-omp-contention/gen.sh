#!/bin/sh
# Equal-work OpenMP program (2 threads) while stress-ng runs 4 CPU hogs: printout with per-thread times, perf stat (software events), /usr/bin/time -v, taskset -p.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/lcgwork.c" -o "$B/lw"
load_on 4
OMP_NUM_THREADS=2 "$B/lw" > "$OUT/lcgwork-output.txt"
OMP_NUM_THREADS=2 perf stat -e "$SW" -o "$OUT/perf-stat.txt" "$B/lw" > /dev/null
OMP_NUM_THREADS=2 /usr/bin/time -v "$B/lw" > /dev/null 2> "$OUT/time-v.txt"
OMP_NUM_THREADS=2 "$B/lw" 2000000000 > /dev/null & P=$!
sleep 1
taskset -p "$P" > "$OUT/taskset-p.txt"
kill "$P" 2> /dev/null || true; wait "$P" 2> /dev/null || true
snap
load_off
