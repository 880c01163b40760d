#!/bin/sh
# Linked list built by walking to the tail for each append: printouts for 20k and 40k samples, gprof flat profile and call graph; gmon.out left beside them.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -pg -fno-inline "$SRC/listtail.c" -o "$B/lt"
(cd "$B" && ./lt 20000 > "$OUT/listtail-20000.txt")
(cd "$B" && ./lt 40000 > "$OUT/listtail-40000.txt")
gprof -b "$B/lt" "$B/gmon.out" > "$OUT/gprof.txt"
cp "$B/gmon.out" "$OUT/gmon.out"
snap
