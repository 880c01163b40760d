#!/bin/sh
# Recursive count of compositions for n=36..44: the program's CSV (n, ways, seconds), gprof flat profile and call graph.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -pg -fno-inline -fno-optimize-sibling-calls "$SRC/fibrec.c" -o "$B/fb"
(cd "$B" && ./fb 36 42 > "$OUT/fibrec.csv")
gprof -b "$B/fb" "$B/gmon.out" > "$OUT/gprof.txt"
snap
