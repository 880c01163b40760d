#!/bin/sh
# Only srun --cpu-bind=verbose of two tasks on separate CPUs, with each task's wall time.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/lcgwork.c" -o "$B/lw"
OMP_NUM_THREADS=1 srun -n 2 --cpu-bind=verbose,cores "$B/lw" 300000000 2>&1 | grep -v '^thread \|^parity' > "$OUT/srun-output.txt"
snap
