#!/bin/sh
# Heat update that looks up each cell's conductivity by material name (bsearch/strcmp) on every step: printout, perf report, callgrind on a smaller run.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/matname.c" -o "$B/mn"
"$B/mn" 200000 20 > "$OUT/heat-output.txt"
(cd "$B" && rec p.data ./mn 200000 40 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
CGLINES=80 cgrind ./mn 50000 5 > "$OUT/callgrind-annotate.txt"
snap
