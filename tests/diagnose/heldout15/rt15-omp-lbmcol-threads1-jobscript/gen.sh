#!/bin/sh
# C OpenMP D2Q9 collision in a batch job asking for 2 CPUs per task, whose environment file
# (sourced from a module-like setup) exports OMP_NUM_THREADS=1: the job script, its output with
# OMP_DISPLAY_ENV=true, and /usr/bin/time -v of the run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/lbmcol.c" -o "$B/lbmcol"
printf '%s\n' 'export OMP_NUM_THREADS=1   # set by the site "serial-math" environment module' 'export MKL_NUM_THREADS=1' > "$B/site-env.sh"
jobscript job.sh > "$OUT/job.sh" <<'JOB'
#!/bin/bash
#SBATCH --job-name=lbm
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=2
#SBATCH --time=00:10:00
source ./site-env.sh
export OMP_DISPLAY_ENV=true
/usr/bin/time -v -o time-v.txt ./lbmcol 20000 1500
JOB
{ echo "### job output"; (cd "$B" && . ./site-env.sh && OMP_DISPLAY_ENV=true /usr/bin/time -v -o time-v.txt ./lbmcol 20000 1500) 2>&1; } > "$OUT/job.out"
cp "$B/time-v.txt" "$OUT/time-v.txt"
snap
