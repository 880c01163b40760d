#!/bin/sh
# Four Slurm tasks on a 2-CPU node with --overcommit: srun --cpu-bind=verbose lines mixed with the tasks' printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/lcgwork.c" -o "$B/lw"
OMP_NUM_THREADS=1 srun -n 4 --overcommit --cpu-bind=verbose,cores "$B/lw" 300000000 > "$OUT/srun-output.txt" 2>&1
snap
