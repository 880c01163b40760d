#!/bin/sh
# Stellar luminosity integration (work in registers) run as the job script sets it: OMP_PLACES='{0}' with
# OMP_PROC_BIND=close, OMP_DISPLAY_AFFINITY=true; the job-script excerpt and the runs at 1 and 2 threads.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/lumin.c" -o "$B/lumin"
jobscript "lumin.job" > "$OUT/job-script.txt" <<'JOB'
#!/bin/bash
# copied from the old node's script (cores 0-15, one rank per socket)
export OMP_PLACES='{0}'
export OMP_PROC_BIND=close
export OMP_DISPLAY_AFFINITY=true
for t in 1 2; do OMP_NUM_THREADS=$t ./lumin; done
JOB
{ for t in 1 2 1 2; do echo "\$ OMP_NUM_THREADS=$t ./lumin"; (cd "$B" && env OMP_PLACES='{0}' OMP_PROC_BIND=close OMP_DISPLAY_AFFINITY=true OMP_NUM_THREADS=$t ./lumin) 2>&1; done; } > "$OUT/run.txt"
snap
