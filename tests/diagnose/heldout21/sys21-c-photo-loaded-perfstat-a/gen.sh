#!/bin/sh
# Photolysis columns at 2 threads, first on the quiet node, then while another user's three CPU hogs run
# (stress-ng, started and stopped here): the program's lines and perf stat of its own tasks, perf stat -a
# (system wide) of each run, and an uptime/ps snapshot taken under the load.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/photo.c" -o "$B/photo" -lm
{ echo "### quiet"; for i in 1 2; do echo "\$ perf stat ./photo"; perfstatp env OMP_NUM_THREADS=2 ./photo; done; } > "$OUT/perf-stat-quiet.txt"
{ echo "\$ perf stat -a -- ./photo"; perfstata env OMP_NUM_THREADS=2 ./photo; } > "$OUT/perf-stat-a-quiet.txt"
load_on 3
loadsnap > "$OUT/load.txt"
{ echo "### during the slow period"; for i in 1 2; do echo "\$ perf stat ./photo"; perfstatp env OMP_NUM_THREADS=2 ./photo; done; } > "$OUT/perf-stat-slow.txt"
{ echo "\$ perf stat -a -- ./photo"; perfstata env OMP_NUM_THREADS=2 ./photo; } > "$OUT/perf-stat-a-slow.txt"
load_off
snap
