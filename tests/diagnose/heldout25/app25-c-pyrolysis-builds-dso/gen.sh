#!/bin/sh
# Biomass pyrolysis: the program's lines for the shipped and the -DHOIST build, and perf report --sort dso,sym of
# the shipped build.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/pyrolysis.c" -o "$B/pyrolysis" -lm
gcc -O2 -g -DHOIST "$SRC/pyrolysis.c" -o "$B/pyrolysis_hoist" -lm
{ show ./pyrolysis 20000 400; show ./pyrolysis_hoist 20000 400; } > "$OUT/runs.txt"
rec p.data -- ./pyrolysis 20000 400
{ echo "\$ perf record -e cpu-clock ./pyrolysis 20000 400; perf report --sort dso,sym"; pdso p.data 1; } > "$OUT/perf_dso.txt"
snap
