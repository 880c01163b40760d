#!/bin/sh
# Two Slurm tasks placed with --cpu-bind=map_cpu:0,0 (both on CPU 0): srun verbose binding lines mixed with the tasks' printout.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 "$SRC/task_self.c" -o "$B/ts"
srun -n 2 --cpu-bind=verbose,map_cpu:0,0 "$B/ts" 300000000 > "$OUT/srun-output.txt" 2>&1
snap
