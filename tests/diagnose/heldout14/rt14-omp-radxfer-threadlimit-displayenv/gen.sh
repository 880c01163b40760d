#!/bin/sh
# The balanced C OpenMP ray program run by a job script that asks for 2 threads after a site
# environment file has set OMP_THREAD_LIMIT=1: the job script, its output with OMP_DISPLAY_ENV=verbose,
# and /usr/bin/time -v of the run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/radxfer.c" -o "$B/radxfer" -lm
cat > "$OUT/job.sh" << 'JOB'
#!/bin/sh
# run_radxfer.sh (site defaults first, then ours)
export OMP_THREAD_LIMIT=1          # from /etc/profile.d/site-omp.sh on this cluster
export OMP_NUM_THREADS=2
export OMP_DISPLAY_ENV=verbose
./radxfer 8000 3000
JOB
cp "$OUT/job.sh" "$B/job.sh"
{ echo "\$ sh job.sh"; (cd "$B" && sh job.sh 2>&1); } > "$OUT/job.out"
timev "$OUT/time-v.txt" sh job.sh > /dev/null 2>&1
snap
