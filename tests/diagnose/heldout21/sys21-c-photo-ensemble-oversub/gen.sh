#!/bin/sh
# Photolysis ensemble: the job script (two members started by mpirun, each with OMP_NUM_THREADS=2, on a
# 2-core node), nproc, one member run alone (the user's reference), the two members' lines from the job,
# and perf stat of the whole launch.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/photo.c" -o "$B/photo" -lm
jobscript ensemble.sbatch > "$OUT/ensemble.sbatch" <<'JOB'
#!/bin/bash
#SBATCH --job-name=photo-ens
#SBATCH --nodes=1
#SBATCH --ntasks=2
#SBATCH --time=00:20:00
module load chem-env/3.2
export OMP_NUM_THREADS=2
# two ensemble members, independent (no MPI calls inside), one per task
mpirun -np 2 --bind-to none ./photo
JOB
{ show nproc; echo "\$ OMP_NUM_THREADS=2 ./photo   # one member alone"; (cd "$B" && OMP_NUM_THREADS=2 ./photo); } > "$OUT/reference.txt" 2>&1
{ echo "\$ OMP_NUM_THREADS=2 mpirun -np 2 --bind-to none ./photo"; mpi -np 2 --bind-to none -x OMP_NUM_THREADS=2 ./photo 2>&1; } > "$OUT/job.out"
{ echo "\$ perf stat -e task-clock,context-switches,cpu-migrations,page-faults -- mpirun -np 2 --bind-to none ./photo"; perfstatp mpirun --allow-run-as-root --oversubscribe -np 2 --bind-to none -x OMP_NUM_THREADS=2 ./photo; } > "$OUT/perf-stat.txt"
snap
