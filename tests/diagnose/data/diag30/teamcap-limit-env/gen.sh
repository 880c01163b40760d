#!/bin/bash
# a job whose environment caps every team at one thread; OMP_DISPLAY_ENV=verbose before the
# program's own line in one output file
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -o "$B/teamcap" "$SRC/teamcap.c" -lm
snap
cd "$B"
{ echo "\$ sh job.sh"; OMP_THREAD_LIMIT=1 OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=verbose ./teamcap 4000 2000; } > "$D/job.out" 2>&1
