#!/bin/sh
# Tide-gauge harmonic analysis (serial, in cache) printing wall, CPU and involuntary context switches per
# repeat (getrusage): 4 repeats quiet, then 4 repeats beside four stress-ng hogs with uptime/ps.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/tidegauge.c" -o "$B/tidegauge" -lm
{ echo "# quiet"; show ./tidegauge 8760 4; } > "$OUT/run-quiet.txt"
load_on 4
loadsnap > "$OUT/load.txt"
{ echo "# while the other job ran"; show ./tidegauge 8760 4; } > "$OUT/run-loaded.txt"
load_off
snap
