#!/bin/sh
# Permafrost thaw depth, the balanced build (-DDYN, schedule(dynamic,16)): a run on a quiet node ("last week"), then the
# same run while another user's job (stress-ng, 2 CPU hogs) shares the node: its table, uptime/ps, and perf sched latency.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp -DDYN "$SRC/permafrost.c" -o "$B/permafrost"
{ echo "### last week"; show env OMP_NUM_THREADS=2 ./permafrost; } > "$OUT/run-before.txt"
load_on 2
loadsnap > "$OUT/load.txt"
{ echo "### today"; show env OMP_NUM_THREADS=2 ./permafrost; } > "$OUT/run-today.txt"
(cd "$B" && OMP_NUM_THREADS=2 perf sched record -o sched.data ./permafrost > /dev/null 2>&1)
load_off
{ echo "\$ perf sched latency (of a second run today)"; schedlat sched.data 30; } > "$OUT/sched-latency.txt"
snap
