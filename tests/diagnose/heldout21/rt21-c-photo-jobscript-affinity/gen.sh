#!/bin/sh
# Photolysis columns launched through the user's job script, which wraps the program in
# numactl --physcpubind=0: the job script, the program's lines (per-thread CPU) at 1 and 2 threads under
# it, and the scheduler lines of /proc/<pid>/status of a 2-thread run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/photo.c" -o "$B/photo" -lm
jobscript photo.sbatch > "$OUT/photo.sbatch" <<'JOB'
#!/bin/bash
#SBATCH --job-name=photo
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=2
#SBATCH --time=00:10:00
module load chem-env/3.2
export OMP_NUM_THREADS=${SLURM_CPUS_PER_TASK:-2}
# pin to the first core so timings are reproducible (from the old single-thread benchmark setup)
numactl --physcpubind=0 ./photo
JOB
{ for t in 1 2 1 2; do echo "\$ OMP_NUM_THREADS=$t numactl --physcpubind=0 ./photo"; (cd "$B" && OMP_NUM_THREADS=$t numactl --physcpubind=0 ./photo); done; } > "$OUT/run.txt" 2>&1
procstatus 0.1 env OMP_NUM_THREADS=2 numactl --physcpubind=0 ./photo 20000 > "$OUT/proc-status.txt"
snap
