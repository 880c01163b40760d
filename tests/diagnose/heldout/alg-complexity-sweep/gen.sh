#!/bin/sh
# O(n^2) distinct count: a size sweep (n, time) and gprof.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -pg -g "$SRC/dedup.c" -o "$B/dd"
{ echo "n time"; for n in 10000 20000 40000 80000; do "$B/dd" "$n" | sed -n 's/^n=\([0-9]*\) time=\([0-9.]*\) s.*/\1 \2/p'; done; } > "$OUT/size-sweep.txt"
(cd "$B" && ./dd 60000 > /dev/null && gprof -b ./dd gmon.out > "$OUT/gprof.txt")
snap
