#!/bin/sh
# Undecidable: /proc/PID/smaps_rollup and /proc/PID/status of the C++ sort-phase program one second into its run.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/sortphase.cpp" -o "$B/sortphase"
(cd "$B" && OMP_NUM_THREADS=2 ./sortphase 4000000 6 > /dev/null) & P=$!
sleep 1
Q=$(pgrep -P "$P" -x sortphase || echo "$P")
{ echo "\$ cat /proc/$Q/smaps_rollup"; cat /proc/$Q/smaps_rollup; echo "\$ cat /proc/$Q/status"; cat /proc/$Q/status; } > "$OUT/proc-snapshot.txt" 2>&1 || true
wait "$P"
snap
