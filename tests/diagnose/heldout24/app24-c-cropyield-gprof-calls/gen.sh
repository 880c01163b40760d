#!/bin/sh
# Crop yield: gprof flat profile and call graph of a -pg build (the comparison function's call count), and the run line.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -g -pg "$SRC/cropyield.c" -o "$B/cropyield"
show ./cropyield > "$OUT/run.txt"
{ echo "\$ gprof -b cropyield gmon.out"; (cd "$B" && gprof -b cropyield gmon.out 2> /dev/null) | clean | head -40; } > "$OUT/gprof.txt"
snap
