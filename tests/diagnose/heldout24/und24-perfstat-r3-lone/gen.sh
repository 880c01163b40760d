#!/bin/sh
# What a user pasted: perf stat -r 3 (software events) of their OpenMP program at 2 threads (the pollen build), nothing else.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/pollen.c" -o "$B/model"
{ echo "\$ OMP_NUM_THREADS=2 perf stat -r 3 ./model > /dev/null"; (cd "$B" && OMP_NUM_THREADS=2 perf stat -r 3 -e task-clock,context-switches,cpu-migrations,page-faults ./model 2>&1 > /dev/null); } > "$OUT/perf-stat.txt"
snap
