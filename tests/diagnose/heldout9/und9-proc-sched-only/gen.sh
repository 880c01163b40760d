#!/bin/sh
# /proc/PID/sched of the running C++ triad (2 OpenMP threads) read once after a second, nothing else.
. "$(dirname "$0")/../_lib.sh"
g++ -O2 -g -fopenmp "$SRC/triad.cpp" -o "$B/triad"
(cd "$B" && OMP_NUM_THREADS=2 ./triad 20000000 60 > /dev/null) & P=$!
sleep 1
pid=$(pgrep -P "$P" -x triad || echo "$P")
{ echo "\$ cat /proc/$pid/sched"; cat "/proc/$pid/sched"; } > "$OUT/proc-sched.txt" 2>&1 || true
wait "$P" || true
snap
