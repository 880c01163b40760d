#!/bin/bash
# a Slurm job of 2 CPUs per task whose script sources a site file setting OMP_NUM_THREADS=1:
# the job script, its output (OMP_DISPLAY_ENV and the program's line) and /usr/bin/time -v,
# run by the real sbatch
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -o "$B/raysum" "$SRC/raysum.c" -lm
snap
J=$B/job && rm -rf "$J" && mkdir -p "$J" && cp "$B/raysum" "$J/"
echo 'export OMP_NUM_THREADS=1   # site default for serial jobs' > "$J/site-env.sh"
cat > "$J/job.sh" <<'JOB'
#!/bin/bash
#SBATCH --job-name=raysum
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=2
#SBATCH --time=00:05:00
#SBATCH --output=job.out
source ./site-env.sh
export OMP_DISPLAY_ENV=true
/usr/bin/time -v -o time-v.txt ./raysum 3000 30000
JOB
(cd "$J" && sbatch --wait job.sh > /dev/null)
cp "$J/job.sh" "$J/job.out" "$J/time-v.txt" "$D/"
