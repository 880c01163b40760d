#!/bin/sh
# A Slurm-style job script for the OpenMP kinetics code that sets OMP_NUM_THREADS from
# SLURM_CPUS_PER_TASK with a default of 1, run outside an allocation (the variable unset): the
# script, and what it printed (OMP_DISPLAY_ENV, the program's table, /usr/bin/time -f).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/chemkin.c" -o "$B/chemkin" -lm
cat > "$B/run_chem.sh" << 'EOS'
#!/bin/sh
#SBATCH --job-name=chem
#SBATCH --nodes=1
#SBATCH --cpus-per-task=2
export OMP_NUM_THREADS=${SLURM_CPUS_PER_TASK:-1}
export OMP_DISPLAY_ENV=true
/usr/bin/time -f "%e s elapsed, %U s user, %S s sys, %P CPU" ./chemkin 40000 20 1 4
EOS
jobscript run_chem.sh < "$B/run_chem.sh" > "$OUT/run_chem.sh.txt"
{ echo "\$ sh run_chem.sh"; (cd "$B" && env -u SLURM_CPUS_PER_TASK -u OMP_NUM_THREADS sh run_chem.sh 2>&1); } > "$OUT/chem.out"
snap
