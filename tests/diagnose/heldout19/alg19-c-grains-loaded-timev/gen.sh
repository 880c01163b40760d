#!/bin/sh
# Dust aggregation under three stress-ng hogs: uptime/ps, the step table of a 48-step run and its
# /usr/bin/time -v report.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/grains.c" -o "$B/grains"
load_on 3
loadsnap > "$OUT/load.txt"
{ echo "\$ /usr/bin/time -v ./grains 48 200"; timev "$B/timev.txt" ./grains 48 200; } > "$OUT/run.txt" 2>&1
load_off
cat "$B/timev.txt" > "$OUT/time-v.txt"
snap
