#!/bin/sh
# OpenMP code launched under taskset -c 0: taskset -p, a 1/2-thread sweep table.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/ompwork.c" -o "$B/ow"
taskset -c 0 sh -c 'taskset -p $$' > "$OUT/taskset-p.txt"
{ echo "threads time_s"; for t in 1 2; do printf '%s ' "$t"; OMP_NUM_THREADS=$t taskset -c 0 "$B/ow" | sed -n 's/^time=\([0-9.]*\) s$/\1/p'; done; } > "$OUT/thread-sweep.txt"
snap
