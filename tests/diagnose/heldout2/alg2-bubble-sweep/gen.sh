#!/bin/sh
# Bubble sort at four sizes (n time table) and perf report at the largest.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/bubble.c" -o "$B/bb"
{ echo "n time"; for n in 5000 10000 20000 40000; do "$B/bb" "$n" | sed -n 's/^n=\([0-9]*\) time=\([0-9.]*\) s$/\1 \2/p'; done; } > "$OUT/size-sweep.txt"
(cd "$B" && rec p.data ./bb 20000 > "$OUT/bubble-output.txt")
perf report -i "$B/p.data" --stdio --no-children 2> /dev/null > "$OUT/perf-report.txt"
snap
