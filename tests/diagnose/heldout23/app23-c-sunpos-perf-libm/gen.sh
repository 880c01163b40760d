#!/bin/sh
# Solar-farm irradiance, shipped build only: the run and perf report --sort dso,sym.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/sunpos.c" -o "$B/sunpos" -lm
{ show ./sunpos; } > "$OUT/run.txt"
rec p.data -- ./sunpos
{ echo "\$ perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf-report.txt"
snap
