#!/bin/sh
# C OpenMP ray integration with equal work per ray, run by a job script that exports
# OMP_PLACES="{0}" (one place: CPU 0) with OMP_PROC_BIND=true and 2 threads: the job script, its
# output (OMP_DISPLAY_AFFINITY lines and the printout) and perf sched timehist of the run (the run-
# time summary per task and the radxfer event lines with their CPU column).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/radxfer.c" -o "$B/radxfer" -lm
cat > "$OUT/job.sh" << 'JOB'
#!/bin/sh
# run_radxfer.sh
export OMP_NUM_THREADS=2
export OMP_PLACES="{0}"
export OMP_PROC_BIND=true
export OMP_DISPLAY_AFFINITY=true
./radxfer 8000 3000
JOB
cp "$OUT/job.sh" "$B/job.sh"
{ echo "\$ sh job.sh"; (cd "$B" && sh job.sh 2>&1); } > "$OUT/job.out"
schedrec s.data sh job.sh
thsum s.data > "$OUT/perf-sched-timehist-summary.txt"
thlines s.data radxfer 60 > "$OUT/perf-sched-timehist-radxfer.txt"
snap
