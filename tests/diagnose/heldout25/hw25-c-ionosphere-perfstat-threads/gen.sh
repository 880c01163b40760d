#!/bin/sh
# Ionosphere electron density: perf stat (software events) of the double build at 1 and 2 threads, the program's
# own line first in each.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/ionosphere.c" -o "$B/iono"
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t perf stat -e task-clock,context-switches,cpu-migrations,page-faults ./iono"; OMP_NUM_THREADS=$t perfstatp ./iono; done; } > "$OUT/perfstat.txt"
snap
