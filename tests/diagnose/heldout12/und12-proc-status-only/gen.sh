#!/bin/sh
# Only /proc/PID/status of the 2-thread opacity-table program, read once while it ran.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -fopenmp "$SRC/tabinit.f90" -o "$B/tabinit"
(cd "$B" && OMP_NUM_THREADS=2 exec ./tabinit 400000 30 > /dev/null) &
W=$!
sleep 0.4
cat "/proc/$W/status" > "$OUT/proc-status.txt" 2>&1 || true
wait $W
snap
