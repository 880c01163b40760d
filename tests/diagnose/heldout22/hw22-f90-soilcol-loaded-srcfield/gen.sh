#!/bin/sh
# Soil columns at n = 2048 beside three CPU hogs (stress-ng, started and stopped here): an uptime/ps snapshot,
# two runs, and perf report -F overhead,sym,srcline (per source line) of a third.
. "$(dirname "$0")/../_lib.sh"
gfortran -O2 -g -cpp "$SRC/soilcol.f90" -o "$B/soilcol"
load_on 3
loadsnap > "$OUT/load.txt"
{ show ./soilcol 2048 8; show ./soilcol 2048 8; } > "$OUT/run.txt"
rec p.data -- ./soilcol 2048 8
{ echo "\$ perf report -F overhead,sym,srcline"; psrcf 1; } > "$OUT/perf-report-srcline.txt"
load_off
snap
