#!/bin/sh
# Breadth-first work queue popped from the front with memmove: size sweep printout, perf report.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/workq.c" -o "$B/wq"
for n in 25000 50000 100000 200000; do "$B/wq" "$n"; done > "$OUT/sweep-output.txt"
(cd "$B" && rec p.data ./wq 150000 > /dev/null)
report "$B/p.data" > "$OUT/perf-report.txt"
snap
