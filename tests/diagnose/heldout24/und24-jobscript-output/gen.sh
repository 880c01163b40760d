#!/bin/sh
# What a user pasted: their batch script and the job's output file (the -DBITMAP crystal build's line), nothing else.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -DBITMAP "$SRC/crystal.cpp" -o "$B/grow"
jobscript grow.sbatch > "$OUT/job.txt" <<'JOB'
#!/bin/bash
#SBATCH --job-name=grow
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=2
#SBATCH --time=00:10:00
srun ./grow 10000
JOB
{ echo "### slurm-4411.out"; (cd "$B" && ./grow 10000); } > "$OUT/slurm-4411.out"
snap
