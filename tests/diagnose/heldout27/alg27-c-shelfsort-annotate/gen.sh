#!/bin/sh
# Inventory records: one run and perf annotate of main (hot instructions only).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/shelfsort.c" -o "$B/shelfsort"
rec p.data -- ./shelfsort 80000
{ show ./shelfsort 80000; echo "\$ perf record -e cpu-clock ./shelfsort 80000; perf annotate --stdio main  (lines above 1%)"; annothot main 1; } > "$OUT/annotate.txt"
snap
