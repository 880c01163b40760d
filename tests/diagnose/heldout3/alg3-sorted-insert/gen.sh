#!/bin/sh
# Sorted insertion with memmove at four sizes (n time table), the printout of the largest, perf report of the largest.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/sortins.c" -o "$B/si"
{ echo "n time_s"; for n in 25000 50000 100000 200000; do printf '%s ' "$n"; "$B/si" "$n" | sed -n 's/^n=[0-9]* time=\([0-9.]*\) s.*/\1/p'; done; } > "$OUT/size-sweep.txt"
(cd "$B" && rec p.data ./si 200000 > "$OUT/sortins-output.txt")
report "$B/p.data" > "$OUT/perf-report.txt"
snap
