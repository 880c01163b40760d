#!/bin/bash
# two OpenMP threads bound to one place (OMP_PLACES={0}): the runtime's affinity report beside
# the job's printout, and perf sched timehist's per-event listing (the CPU column: both on CPU 0)
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -o "$B/raysum" "$SRC/raysum.c" -lm
snap
cd "$B"
export OMP_NUM_THREADS=2 OMP_PLACES='{0}' OMP_PROC_BIND=true
{ echo "\$ OMP_NUM_THREADS=2 OMP_PLACES='{0}' OMP_PROC_BIND=true OMP_DISPLAY_AFFINITY=true ./raysum 3000 30000"; OMP_DISPLAY_AFFINITY=true ./raysum 3000 30000; } > "$D/job.out" 2>&1
perf sched record -o "$B/pinned.data" ./raysum 3000 30000 > /dev/null 2>&1
{ echo "\$ perf sched timehist"; perf sched timehist -i "$B/pinned.data" 2>/dev/null | grep -E "raysum|^ +time|tid/pid|^-" | head -400; } > "$D/perf-sched-timehist.txt"
