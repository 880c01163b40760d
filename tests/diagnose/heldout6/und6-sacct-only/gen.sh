#!/bin/sh
# Only the Slurm accounting record (sacct -c from the job-completion log) of a 2-CPU batch job running a 2-thread OpenMP program.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -fopenmp "$SRC/mcpi.c" -o "$B/mc"
J=$(sbatch --parsable --wait -n 1 -c 2 -o /dev/null --export=ALL,OMP_NUM_THREADS=2 --wrap "$B/mc 400000000")
sacct -c -j "$J" --format=JobID,JobName,Partition,NCPUS,NNodes,State,Elapsed,Start,End,ExitCode > "$OUT/sacct.txt"
snap
