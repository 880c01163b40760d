#!/bin/sh
# What a user pasted: ps -L of their 2-thread run (the balanced ionosphere float build) a moment after it started.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -DFLOAT "$SRC/ionosphere.c" -o "$B/model"
OMP_NUM_THREADS=2 psthreads 1 ./model 16000000 40 > "$OUT/ps_threads.txt"
snap
