#!/bin/sh
# Dust coagulation run as the job script sets it (OMP_PROC_BIND=primary, OMP_PLACES=threads): the job-script
# excerpt, then runs at 1 and 2 threads (twice each) with OMP_DISPLAY_AFFINITY=true and the program's
# per-thread CPU lines.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/dustcoag.c" -o "$B/dustcoag" -lm
printf '#SBATCH --nodes=1\n#SBATCH --cpus-per-task=2\nexport OMP_PLACES=threads\nexport OMP_PROC_BIND=primary\nexport OMP_NUM_THREADS=${SLURM_CPUS_PER_TASK:-2}\nsrun ./dustcoag\n' | jobscript coag.sbatch > "$OUT/jobscript.txt"
{ for t in 1 2 1 2; do echo "\$ OMP_NUM_THREADS=$t ./dustcoag"; (cd "$B" && env OMP_PLACES=threads OMP_PROC_BIND=primary OMP_DISPLAY_AFFINITY=true OMP_NUM_THREADS=$t ./dustcoag) 2>&1; done; } > "$OUT/run.txt"
snap
