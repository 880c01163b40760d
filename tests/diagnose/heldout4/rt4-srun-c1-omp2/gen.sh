#!/bin/sh
# One Slurm task with --cpus-per-task=1 running 2 OpenMP threads: srun --cpu-bind=verbose mixed with the per-thread printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/lcgwork.c" -o "$B/lw"
OMP_NUM_THREADS=2 srun -n 1 -c 1 --cpu-bind=verbose,cores "$B/lw" > "$OUT/srun-output.txt" 2>&1
snap
