#!/bin/sh
# The nearly-sorted re-sort with a first-element-pivot quicksort, as callgrind sees it at n = 5000 and n = 10000 (instruction counts, function and line level).
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g "$SRC/qsortpiv.c" -o "$B/qs"
CGLINES=60 cgrind ./qs 5000 5 > "$OUT/callgrind-annotate-n5000.txt"
CGLINES=60 cgrind ./qs 10000 5 > "$OUT/callgrind-annotate-n10000.txt"
snap
