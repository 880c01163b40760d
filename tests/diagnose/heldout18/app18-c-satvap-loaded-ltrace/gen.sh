#!/bin/sh
# The condensation step beside two stress-ng hogs: the user's uptime/ps paste, two runs with 50 and
# 200 steps, and ltrace -c of a small run (500 cells x 20 steps).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/satvap.c" -o "$B/satvap" -lm
load_on 2
loadsnap > "$OUT/load.txt"
{ show ./satvap 200000 50; show ./satvap 200000 200; } > "$OUT/run.txt"
load_off
(cd "$B" && ltrace -c -o ltrace-c.txt ./satvap 500 20 > /dev/null 2>&1) ; { echo "\$ ltrace -c ./satvap 500 20"; cat "$B/ltrace-c.txt"; } > "$OUT/ltrace-c.txt"
snap
