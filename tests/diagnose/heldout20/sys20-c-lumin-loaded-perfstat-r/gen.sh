#!/bin/sh
# The luminosity integration on one thread: perf stat -r 3 on a quiet machine, then the user's uptime/ps
# paste and perf stat -r 3 again beside three stress-ng hogs.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -fopenmp "$SRC/lumin.c" -o "$B/lumin"
{ echo "\$ OMP_NUM_THREADS=1 perf stat -r 3 ./lumin 5000"; (cd "$B" && OMP_NUM_THREADS=1 perf stat -r 3 ./lumin 5000) 2>&1; } > "$OUT/perf-stat-quiet.txt"
load_on 3
loadsnap > "$OUT/load.txt"
{ echo "\$ OMP_NUM_THREADS=1 perf stat -r 3 ./lumin 5000"; (cd "$B" && OMP_NUM_THREADS=1 perf stat -r 3 ./lumin 5000) 2>&1; } > "$OUT/perf-stat-loaded.txt"
load_off
snap
