#!/bin/sh
# Sensor column statistics at n = 4096 run beside three CPU hogs (stress-ng, started and stopped here):
# the program's lines (two runs), an uptime/ps snapshot, and perf annotate -l of main from the same load.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/gramcol.c" -o "$B/gramcol"
load_on 3
loadsnap > "$OUT/load.txt"
{ show ./gramcol 4096 2; show ./gramcol 4096 2; } > "$OUT/run.txt"
rec p.data -- ./gramcol 4096 2
{ echo "\$ perf annotate --stdio -l main"; annotl main 90; } > "$OUT/perf-annotate.txt"
load_off
snap
