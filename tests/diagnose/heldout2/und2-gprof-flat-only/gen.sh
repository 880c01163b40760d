#!/bin/sh
# Only a gprof flat profile (-p) of the transpose: one function, no layer evidence.
. "$(dirname "$0")/../_lib.sh"
gcc -O2 -pg "$SRC/transpose.c" -o "$B/tp"
(cd "$B" && ./tp 2048 3 > /dev/null && gprof -b -p ./tp gmon.out > "$OUT/gprof-flat.txt")
snap
