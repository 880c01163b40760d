#!/bin/bash
# the smoothing at 1 and 2 threads: each run's per-thread table (thread 0 of the one-thread run,
# then threads 0 and 1) and its summary line
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp -o "$B/unevenrows" "$HERE/../_src/unevenrows.c" -lm
snap
cd "$B"
{ for t in 1 2; do echo "\$ OMP_NUM_THREADS=$t ./unevenrows 2000 10"
  OMP_NUM_THREADS=$t ./unevenrows 2000 10; done; } > "$D/run.txt"
