#!/bin/sh
# Station catalogue load beside two CPU hogs of another user (stress-ng, started and stopped here):
# perf stat -r 3 of 20000 and 40000 stations (with the program's lines) and an uptime/ps snapshot.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/stnload.c" -o "$B/stnload" -lm
load_on 2
loadsnap > "$OUT/load.txt"
{ echo "\$ perf stat -r 3 ./stnload 20000"; (cd "$B" && perf stat -r 3 ./stnload 20000 2>&1); } > "$OUT/perf-stat-20000.txt"
{ echo "\$ perf stat -r 3 ./stnload 40000"; (cd "$B" && perf stat -r 3 ./stnload 40000 2>&1); } > "$OUT/perf-stat-40000.txt"
load_off
snap
