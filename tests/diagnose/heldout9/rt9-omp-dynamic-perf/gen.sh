#!/bin/sh
# The same OMP_DYNAMIC=true job: the job script, perf report by pid (thread), OMP_DISPLAY_ENV=verbose, /proc/loadavg.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/ompdyn.c" -o "$B/od"
printf '#!/bin/sh\n#SBATCH -c 2\nexport OMP_NUM_THREADS=2\nexport OMP_DYNAMIC=true\n./relax 4000000 40\n' > "$OUT/job.sh"
(cd "$B" && OMP_NUM_THREADS=2 OMP_DYNAMIC=true perf record -q -e cpu-clock -F 999 -g -o p.data ./od > /dev/null)
report "$B/p.data" pid,comm 20 > "$OUT/perf-report-pid.txt"
(cd "$B" && OMP_NUM_THREADS=2 OMP_DYNAMIC=true OMP_DISPLAY_ENV=verbose ./od 400000 2 2>&1 > /dev/null) > "$OUT/omp-display-env.txt"
{ echo "\$ cat /proc/loadavg"; cat /proc/loadavg; } > "$OUT/loadavg.txt"
snap
